// Firefox for the cross-engine tests (e2e/engines/browsers.py), driven by puppeteer-core
// over WebDriver BiDi. Why a bridge: the tests are Python, and no maintained Python driver
// reaches Debian's Firefox (Selenium needs geckodriver, which Debian does not ship, and
// Playwright needs its own patched Firefox build). One JSON request per stdin line, one
// JSON answer per stdout line: {id, op, ...} -> {id, ok: value} or {id, error: text}.
//
// argv[2]: Firefox preferences as JSON (e.g. {"network.cookie.cookieBehavior": 2}).
import puppeteer from "puppeteer-core";
import { createInterface } from "node:readline";

const FIREFOX = process.env.ROME_FIREFOX || "/usr/bin/firefox-esr";
const prefs = JSON.parse(process.argv[2] || "{}");
const errors = [];
const reading = []; // the console errors whose objects are still being read
let browser = null;
let page = null;
let secondTab = null;
let viewport = null;

// What an object logged as an error says (an Error's stack, an error event's error, its
// message): puppeteer's text of the message is only "JSHandle@object".
function said(arg) {
  return arg.evaluate((v) => String((v && (v.error?.stack || v.stack || v.message)) || v))
    .catch(() => String(arg));
}

function watch(target, where) {
  target.on("console", (message) => {
    if (message.type() !== "error") return;
    reading.push(Promise.all(message.args().map(said))
      .then((parts) => parts.join(" "), () => message.text())
      .then((text) => errors.push(`${where}console.error: ${text}`)));
  });
  target.on("pageerror", (error) => errors.push(`${where}pageerror: ${error.message || error}`));
}

// The first tab, or the second while it is open (`second`: the request's flag).
function tabOf(isSecond) {
  if (!isSecond) return page;
  if (!secondTab) throw new Error("no second tab is open");
  return secondTab;
}

async function frameOf(tab, frameId) {
  if (!frameId) return tab.mainFrame();
  const handle = await tab.$(`iframe#${frameId}`);
  const frame = handle && (await handle.contentFrame());
  if (!frame) throw new Error(`no frame #${frameId}`);
  return frame;
}

async function newTab(where) {
  const tab = await browser.newPage();
  await tab.setViewport(viewport);
  watch(tab, where);
  return tab;
}

const NAVIGATION = { waitUntil: "domcontentloaded", timeout: 120_000 };

const ops = {
  async launch(request) {
    viewport = request.viewport;
    browser = await puppeteer.launch({
      browser: "firefox",
      executablePath: FIREFOX,
      headless: true,
      timeout: 60_000,
      protocolTimeout: 600_000,
      extraPrefsFirefox: prefs,
    });
    page = await newTab("");
    return browser.version();
  },
  async goto({ url }) {
    await page.goto(url, NAVIGATION);
    return null;
  },
  async reload({ second }) {
    await tabOf(second).reload(NAVIGATION);
    return null;
  },
  async openTab({ url, label }) {
    if (secondTab) throw new Error("a second tab is open already");
    secondTab = await newTab(label);
    await secondTab.goto(url, NAVIGATION);
    return null;
  },
  async closeTab() {
    await tabOf(true).close();
    secondTab = null;
    return null;
  },
  async front({ second }) {
    await tabOf(second).bringToFront();
    return null;
  },
  async evaluate({ source, arg, frame, second }) {
    const target = await frameOf(tabOf(second), frame);
    return target.evaluate(`(${source})(${JSON.stringify(arg ?? null)})`);
  },
  async errors() {
    await Promise.all(reading.splice(0));
    return errors.splice(0);
  },
  async close() {
    if (browser) await browser.close();
    browser = null;
    return null;
  },
};

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  const request = JSON.parse(line);
  let answer;
  try {
    answer = { id: request.id, ok: (await ops[request.op](request)) ?? null };
  } catch (error) {
    answer = { id: request.id, error: String(error && error.stack ? error.stack : error) };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
  if (request.op === "close") break;
}
if (browser) await browser.close();
process.exit(0);

// Pyodide asks for a shared WebAssembly memory of one page when it loads, only to sleep
// with Atomics.wait while a file operation says "try again" (its syncSleep). Outside a
// cross-origin isolated page that memory is a SharedArrayBuffer the browser deprecates
// (Chromium logs it; Lighthouse marks the page down for it), and the sleep cannot work
// on a page's main thread anyway. So, where the page is not cross-origin isolated, such
// a request gets an ordinary memory: Atomics.wait then refuses it, which Pyodide already
// handles as "could not sleep". Every other memory passes through unchanged. Loaded
// before the storage guard, which starts PyScript (and so Pyodide).
const NativeMemory = WebAssembly.Memory;

if (!globalThis.crossOriginIsolated) {
  WebAssembly.Memory = new Proxy(NativeMemory, {
    construct(target, [descriptor, ...rest]) {
      const unshared = descriptor && descriptor.shared ? { ...descriptor, shared: false } : descriptor;
      return Reflect.construct(target, [unshared, ...rest], target);
    },
  });
}

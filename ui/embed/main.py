"""``embed.html``'s entry on the page: read the address, mount one view (``ui.embed.views``),
mark the page ready. Only the compact game starts here (``assets/ui-runner.mjs``); every
other view starts in a worker (``ui/embed/worker_main.py``).
"""

from __future__ import annotations

from urllib.parse import urlsplit

from ui import address
from ui.embed import views
from ui.shell import boot


async def main() -> None:
    params = address.embed_address(urlsplit(boot.PAGE.address).query)
    record_text, problem = "", ""
    if params.view == "replay" and params.src and not params.record:
        record_text, problem = await views.fetch_record(params.src)
    boot.start(lambda: views.setup(params, record_text, problem))


boot.background(main())

"""Drives taskwire through pygls's language client (pygls.lsp.client.LanguageClient, pygls 2).

The client starts the server itself (start_io), sends a typed LSP initialize
(lsprotocol InitializeParams; the reply must structure into InitializeResult, so it needs
`capabilities`), then `initialized`, and taskwire's own methods through
protocol.send_request_async.  The asyncio loop runs on a thread of its own so that the shared
scenario can make blocking calls.

One pygls habit needs a hand: its default converter turns untyped params and results into
namedtuples, renaming members that are Python keywords, so view/changed's `from` arrives as `_2`.
The client is therefore made with a converter that keeps untyped payloads as plain dicts (pygls's
documented converter_factory hook); typed LSP messages (initialize) are structured as usual.
"""

import asyncio
import sys
import threading

from lsprotocol import converters, types
from pygls.exceptions import JsonRpcException
from pygls.lsp.client import LanguageClient
from pygls.protocol import JsonRPCNotification, JsonRPCRequestMessage, JsonRPCResponseMessage

import scenario


def plain_converter():
    converter = converters.get_converter()
    for cls in (JsonRPCRequestMessage, JsonRPCResponseMessage, JsonRPCNotification):
        converter.register_structure_hook(cls, lambda obj, cls: cls(**obj))
    return converter


def main():
    loop = asyncio.new_event_loop()
    threading.Thread(target=loop.run_forever, daemon=True).start()

    def wait(coroutine, timeout=10):
        return asyncio.run_coroutine_threadsafe(coroutine, loop).result(timeout)

    client = LanguageClient("pygls-interop", "1.0", converter_factory=plain_converter)
    views = scenario.Views()
    client.feature("view/changed")(lambda ls, params: views.changed(params))
    try:
        wait(client.start_io(scenario.SERVER, *scenario.FLAGS))
        init = wait(client.initialize_async(types.InitializeParams(
            capabilities=types.ClientCapabilities(), process_id=None,
            client_info=types.ClientInfo(name="pygls", version="2"))))
        scenario.check(isinstance(init, types.InitializeResult), f"initialize: {init!r}")
        scenario.check(init.server_info.name == "taskwire", f"serverInfo: {init.server_info!r}")
        loop.call_soon_threadsafe(client.initialized, types.InitializedParams())

        async def request(method, params):
            return await client.protocol.send_request_async(method, params)

        scenario.run(lambda method, params: wait(request(method, params)),
                     lambda error: error.code if isinstance(error, JsonRpcException) else None,
                     views)

        wait(client.shutdown_async(None))
        loop.call_soon_threadsafe(client.exit, None)
        wait(client.stop())
        code = client._server.returncode  # pygls keeps the asyncio process here
        scenario.check(code == 0, f"exit code {code}")
        scenario.check_quiet(wait(client._server.stderr.read()).decode())
        print("ok")
        return 0
    except Exception as error:  # noqa: BLE001 - every failure is reported the same way
        print(f"{type(error).__name__}: {error}")
        return 1
    finally:
        server = client._server
        if server is not None and server.returncode is None:
            loop.call_soon_threadsafe(server.kill)
        loop.call_soon_threadsafe(loop.stop)


if __name__ == "__main__":
    sys.exit(main())

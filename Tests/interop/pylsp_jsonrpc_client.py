"""Drives taskwire through python-lsp-jsonrpc (the JSON-RPC layer of python-lsp-server).

JsonRpcStreamWriter writes Content-Length framed messages, JsonRpcStreamReader reads them on a
thread and hands them to an Endpoint, which matches replies to futures and calls the
dispatcher's handler for notifications.  Request ids are UUID strings, as the library makes them.
Exits 0 when the scenario passed, else prints why and exits 1.
"""

import subprocess
import sys
import tempfile
import threading

from pylsp_jsonrpc.endpoint import Endpoint
from pylsp_jsonrpc.exceptions import JsonRpcException
from pylsp_jsonrpc.streams import JsonRpcStreamReader, JsonRpcStreamWriter

import scenario


def main():
    stderr = tempfile.TemporaryFile(mode="w+")
    proc = subprocess.Popen([scenario.SERVER, *scenario.FLAGS], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=stderr)
    try:
        views = scenario.Views()
        writer = JsonRpcStreamWriter(proc.stdin)
        endpoint = Endpoint({"view/changed": views.changed}, writer.write)
        reader = JsonRpcStreamReader(proc.stdout)
        thread = threading.Thread(target=reader.listen, args=(endpoint.consume,), daemon=True)
        thread.start()

        def call(method, params):
            return endpoint.request(method, params).result(timeout=10)

        # initialize as python-lsp-server's clients send it: LSP params, no protocolVersion
        init = call("initialize", {"processId": None, "rootUri": None, "capabilities": {},
                                   "clientInfo": {"name": "python-lsp-jsonrpc"}})
        scenario.check(init["serverInfo"]["name"] == "taskwire", f"initialize: {init}")
        scenario.check(init["capabilities"].get("viewDiffs") is True, f"capabilities: {init}")
        scenario.check(init["timeZone"] == "UTC" and init["today"] == "2026-02-12", f"zone: {init}")
        endpoint.notify("initialized", {})

        scenario.run(call, lambda error: error.code if isinstance(error, JsonRpcException) else None, views)

        scenario.check(call("shutdown", None) is None, "shutdown result")
        endpoint.notify("exit")
        code = proc.wait(timeout=10)
        scenario.check(code == 0, f"exit code {code}")
        endpoint.shutdown()
        stderr.seek(0)
        scenario.check_quiet(stderr.read())
        print("ok")
        return 0
    except Exception as error:  # noqa: BLE001 - every failure is reported the same way
        print(f"{type(error).__name__}: {error}")
        return 1
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        stderr.close()


if __name__ == "__main__":
    sys.exit(main())

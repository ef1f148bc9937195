#!/usr/bin/env python3
"""A loopback TCP proxy a test cuts and restores (issue 31's partitions).

    faultproxy.py TARGET_PORT      forwards 127.0.0.1:<its port> to 127.0.0.1:TARGET_PORT

It prints its port on the first line of stdout, then reads commands on stdin, one a line,
answering "ok" to each:
    cut      ends every connection and refuses new ones (accepted, then closed at once)
    restore  forwards again
    reset    ends every connection (a drop in the middle of whatever was in flight),
             new ones are forwarded
    stall    keeps every connection open but forwards nothing (a link that goes silent
             without closing: only a timeout of the client's own notices it); restore ends it
    quit     (or the end of stdin) ends the proxy
Only loopback addresses; every wait is bounded.
"""
import selectors
import signal
import socket
import sys
import threading
import time

TARGET = ("127.0.0.1", int(sys.argv[1]))
lock = threading.Lock()
state = {"cut": False, "stall": False, "pairs": set()}


def close_pair(pair):
    for end in pair:
        try:
            end.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        try:
            end.close()
        except OSError:
            pass


def pump(pair):
    client, server = pair
    selector = selectors.DefaultSelector()
    selector.register(client, selectors.EVENT_READ, server)
    selector.register(server, selectors.EVENT_READ, client)
    try:
        while True:
            with lock:
                if pair not in state["pairs"]:
                    return
                stalled = state["stall"]
            if stalled:
                time.sleep(0.05)
                continue
            for key, _ in selector.select(timeout=0.2):
                data = key.fileobj.recv(65536)
                if not data:
                    return
                key.data.sendall(data)
    except (OSError, ValueError):
        return
    finally:
        with lock:
            state["pairs"].discard(pair)
        close_pair(pair)


def serve(listener):
    while True:
        try:
            client, _ = listener.accept()
        except OSError:
            return
        with lock:
            cut = state["cut"]
        if cut:
            close_pair((client,))
            continue
        try:
            server = socket.create_connection(TARGET, timeout=5)
            server.settimeout(None)
        except OSError:
            close_pair((client,))
            continue
        pair = (client, server)
        with lock:
            state["pairs"].add(pair)
        threading.Thread(target=pump, args=(pair,), daemon=True).start()


def end_all():
    with lock:
        pairs = list(state["pairs"])
        state["pairs"].clear()
    for pair in pairs:
        close_pair(pair)


def main():
    # A test process may spawn us with signals blocked: SIGTERM must end the proxy.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, range(1, signal.NSIG))
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    print(listener.getsockname()[1], flush=True)
    threading.Thread(target=serve, args=(listener,), daemon=True).start()
    for line in sys.stdin:
        command = line.strip()
        if command == "cut":
            with lock:
                state["cut"] = True
            end_all()
        elif command == "restore":
            with lock:
                state["cut"] = False
                state["stall"] = False
        elif command == "stall":
            with lock:
                state["stall"] = True
        elif command == "reset":
            end_all()
        elif command == "quit":
            break
        print("ok", flush=True)
    listener.close()
    end_all()


if __name__ == "__main__":
    main()

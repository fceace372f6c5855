#!/usr/bin/env python3
"""Serves the web build (scripts/build-web.sh) on localhost, sending the compressed
copies the build writes beside a file (name.br, name.gz) to browsers that accept them,
with the right headers: the original file's type (application/wasm for the module, so
the browser compiles it while it downloads), Content-Encoding, and Vary.

    scripts/serve-web.py [DIR] [--port PORT]     # DIR: web/dist, PORT: 8080

Python's standard library only. (Any static server that serves precompressed files
does the same, e.g. `npx http-server -b -g DIR` or nginx's brotli_static/gzip_static.)
"""

import argparse
import http.server
import os
import sys
from functools import partial


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".webmanifest": "application/manifest+json",
    }

    def send_head(self):
        path = self.translate_path(self.path)
        accepted = {
            token.split(";")[0].strip()
            for token in self.headers.get("Accept-Encoding", "").split(",")
        }
        for encoding, suffix in (("br", ".br"), ("gzip", ".gz")):
            if encoding in accepted and os.path.isfile(path + suffix):
                try:
                    body = open(path + suffix, "rb")
                except OSError:
                    break
                size = os.fstat(body.fileno()).st_size
                self.send_response(200)
                self.send_header("Content-Type", self.guess_type(path))
                self.send_header("Content-Encoding", encoding)
                self.send_header("Content-Length", str(size))
                self.send_header("Vary", "Accept-Encoding")
                self.end_headers()
                return body
        return super().send_head()

    def end_headers(self):
        # Every answer may change with a new build: the browser asks again each time
        # (a 304 when nothing changed).
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args):
        if os.environ.get("VERBOSE"):
            super().log_message(format, *args)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dir", nargs="?", default="web/dist")
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--bind", default="127.0.0.1")
    args = parser.parse_args()
    if not os.path.isfile(os.path.join(args.dir, "index.html")):
        sys.exit(f"{args.dir} holds no web build (run scripts/build-web.sh)")
    handler = partial(Handler, directory=args.dir)
    server = http.server.ThreadingHTTPServer((args.bind, args.port), handler)
    print(f"serving {args.dir} at http://{args.bind}:{args.port}/", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()

"""A guest with only Python's standard library gets the program from a host's page, as the
page says: read the page, download the bundle, check its sha256 against the page's.

    python3 -I -S guest_fetch.py http://HOST:PORT/ FOLDER

Prints one JSON line: the file, its sha256, and the seconds it took.
"""

import hashlib
import json
import re
import sys
import time
import urllib.request

began = time.monotonic()
page_url, folder = sys.argv[1:]
page = urllib.request.urlopen(page_url, timeout=30).read().decode()
sha256 = re.search(r"Its sha256 must be: ([0-9a-f]{64})", page).group(1)
url = re.search(r"curl -fO (\S+)", page).group(1)
data = urllib.request.urlopen(url, timeout=60).read()
if hashlib.sha256(data).hexdigest() != sha256:
    sys.exit(f"the download from {url} does not match the page's sha256")
path = f"{folder}/{url.rsplit('/', 1)[1]}"
with open(path, "wb") as out:
    out.write(data)
print(json.dumps({"path": path, "sha256": sha256, "seconds": time.monotonic() - began}))

# SPDX-License-Identifier: GPL-3.0-or-later
# A dishonest cờ úp host for e2e_lobby_coup.sh, written apart from cotuong (Python's socket
# and hashlib): it serves one game in the lobby and tells the joiner what the scenario says.
#   python3 e2e_lobby_coup_host.py LOBBY ID SCENARIO
# leak:     the joiner's own piece taken is named to it (only the capturer may learn that)
# contra:   the disclosure hashes to the commitment, but move 1 revealed what it does not deal
# hash:     the disclosed deal and salt do not give the commitment
import hashlib
import os
import socket
import sys

lobby, gid, scenario = sys.argv[1], sys.argv[2], sys.argv[3]
STD = "RNBAABNRCCPPPPP/rnbaabnrccppppp"   # b2 deals a cannon
SALT = "00" * 32
commit = hashlib.sha256((STD + ":" + SALT).encode()).hexdigest()
if scenario == "hash":
    commit = hashlib.sha256((STD + ":" + "11" * 32).encode()).hexdigest()
move1 = {"leak": "move 1 B2-B9=CxN", "contra": "move 1 B2-B9=R", "hash": "move 1 B2-B9=C"}[scenario]
lines = ["hello 1 host", "seat black root root", "game online none coup", "commit " + commit,
         move1, "clock -1 -1 stopped"]
if scenario != "leak":
    lines += ["result 1-0 resignation", "disclose %s %s" % (STD, SALT)]
lines += ["watchers 0", "sync 1"]

path = os.path.join(lobby, gid + ".sock")
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.bind(path)
os.chmod(path, 0o666)
s.listen(4)
served = 0
while served < 1:
    c, _ = s.accept()
    hello = c.recv(256).decode(errors="replace")
    if "list" in hello:
        c.sendall(b"hello 1 host\ninfo root - online none 1 0 open\nbye done\n")
        c.close()
        continue
    c.sendall(("\n".join(lines) + "\n").encode())
    served += 1
    try:
        c.settimeout(20)
        while c.recv(256):
            pass
    except OSError:
        pass
    c.close()
os.unlink(path)

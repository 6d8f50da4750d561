#!/usr/bin/env bash
# The openssl recipe for the centre's TLS listener: a private CA and a server certificate
# it signs, for the broker's host names and addresses.
#   deploy/centre/make-certs.sh FOLDER HOST [ADDRESS]
# Writes FOLDER/ca.key (keep it offline), ca.crt (copy to every lane: --cafile),
# server.key and server.crt (the broker's). HOST is the name lanes connect to, ADDRESS an
# optional IP address they may use instead.
set -euo pipefail

if [ $# -lt 2 ] || [ $# -gt 3 ]; then
  echo "usage: $0 FOLDER HOST [ADDRESS]" >&2
  exit 64
fi
folder=$1
host=$2
names="DNS:$host"
if [ $# -eq 3 ]; then
  names="$names,IP:$3"
fi
mkdir -p "$folder"
cd "$folder"

# The centre's CA: ten years, its key never leaves the desk PC.
openssl req -x509 -newkey rsa:2048 -sha256 -days 3650 -nodes \
  -keyout ca.key -out ca.crt -subj "/CN=LaneBridge centre CA" 2>/dev/null

# The broker's key and a certificate for its names, signed by the CA.
openssl req -newkey rsa:2048 -sha256 -nodes \
  -keyout server.key -out server.csr -subj "/CN=$host" 2>/dev/null
printf 'subjectAltName=%s\n' "$names" >server.ext
openssl x509 -req -in server.csr -CA ca.crt -CAkey ca.key -CAcreateserial \
  -days 825 -sha256 -extfile server.ext -out server.crt 2>/dev/null
rm -f server.csr server.ext ca.srl

# mosquitto drops to its own user after start and must read its key; nobody else may.
chmod 644 ca.crt server.crt
chmod 600 ca.key
if chgrp mosquitto server.key 2>/dev/null; then
  chmod 640 server.key
else
  chmod 644 server.key
fi
echo "CA and server certificate for $names in $folder"

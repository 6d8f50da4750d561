#!/usr/bin/env bash
# The openssl recipe for the centre's TLS listeners: a private CA, a server certificate
# it signs for the broker's host names and addresses, and client certificates for lanes
# and the desk when the broker requires them (mutual TLS).
#   deploy/centre/make-certs.sh FOLDER HOST [ADDRESS]
#   deploy/centre/make-certs.sh --client FOLDER NAME
# The first form writes FOLDER/ca.key (keep it offline), ca.crt (copy to every lane:
# --cafile), server.key and server.crt (the broker's). HOST is the name lanes connect to,
# ADDRESS an optional IP address they may use instead.
# The second signs, with FOLDER's CA, a client certificate whose common name is NAME (the
# lane's name, or desk): FOLDER/NAME.crt and NAME.key (mode 600), for `--certfile` and
# `--keyfile`. The broker takes the common name as the user name
# (use_identity_as_username), so the ACL applies to it as to a password user.
# The server certificate may serve TLS (serverAuth) and be a client (clientAuth). Exit
# statuses: 64 usage, 65 a bad NAME, 77 server.key cannot be given to the mosquitto
# group (it is left mode 600, never readable by every user).
set -euo pipefail

usage() {
  echo "usage: $0 FOLDER HOST [ADDRESS]" >&2
  echo "       $0 --client FOLDER NAME" >&2
  exit 64
}

if [ $# -ge 1 ] && [ "$1" = "--client" ]; then
  if [ $# -ne 3 ]; then
    usage
  fi
  folder=$2
  name=$3
  if ! [[ $name =~ ^[A-Za-z0-9_-]{1,32}$ ]]; then
    echo "$0: '$name' is not a lane name: use 1-32 of a-z A-Z 0-9 - _" >&2
    exit 65
  fi
  if ! [ -r "$folder/ca.key" ] || ! [ -r "$folder/ca.crt" ]; then
    echo "$0: $folder has no ca.key and ca.crt; make them first: $0 $folder HOST" >&2
    exit 66
  fi
  if [ -e "$folder/$name.crt" ] || [ -e "$folder/$name.key" ]; then
    echo "$0: $folder/$name.crt or $name.key exists; remove both first to replace them" >&2
    exit 73
  fi
  cd "$folder"
  (
    umask 077
    openssl req -newkey rsa:2048 -sha256 -nodes \
      -keyout "$name.key" -out "$name.csr" -subj "/CN=$name" 2>/dev/null
  )
  printf 'extendedKeyUsage=clientAuth\n' >"$name.ext"
  openssl x509 -req -in "$name.csr" -CA ca.crt -CAkey ca.key -CAcreateserial \
    -days 825 -sha256 -extfile "$name.ext" -out "$name.crt" 2>/dev/null
  rm -f "$name.csr" "$name.ext" ca.srl
  chmod 644 "$name.crt"
  chmod 600 "$name.key"
  echo "client certificate for $name in $folder/$name.crt, key in $folder/$name.key"
  exit 0
fi

if [ $# -lt 2 ] || [ $# -gt 3 ]; then
  usage
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
# Usage: a TLS server's (the broker's, the desk's page), and a client's for a broker
# bridged to another; TLS clients that check usage refuse a certificate without it.
printf 'subjectAltName=%s\nkeyUsage=critical,digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth,clientAuth\n' \
  "$names" >server.ext
openssl x509 -req -in server.csr -CA ca.crt -CAkey ca.key -CAcreateserial \
  -days 825 -sha256 -extfile server.ext -out server.crt 2>/dev/null
rm -f server.csr server.ext ca.srl

# mosquitto drops to its own user after start and must read its key; nobody else may.
# A key is never left readable by every user: without the mosquitto group it stays 600.
chmod 644 ca.crt server.crt
chmod 600 ca.key server.key
if ! chgrp mosquitto server.key; then
  echo "make-certs: cannot give server.key to the mosquitto group (is mosquitto installed? run as root)." >&2
  echo "  It is mode 600: install mosquitto, then: chgrp mosquitto $folder/server.key && chmod 640 $folder/server.key" >&2
  exit 77
fi
chmod 640 server.key
echo "CA and server certificate for $names in $folder"

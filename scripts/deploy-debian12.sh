#!/usr/bin/env bash
# The steps of docs/deploying.md, run as written on a Debian 12 (bookworm) machine as root, and a
# check after each way of taking mail in (IMAP from Dovecot, pipe mode by ~judge/.forward, pipe
# mode by an alias file owned by the judge) that a mail to the judge gets its reply.
#
# It CHANGES THE MACHINE (packages, users, /etc/postfix, /etc/dovecot, /opt/judge, /srv/judge):
# run it on a machine meant for the judge, or a throwaway one; never from `npm test`.
#
#   sudo scripts/deploy-debian12.sh                  # the installation is copied from this clone
#   DOMAIN=dip.example.org sudo -E scripts/deploy-debian12.sh
#
# Where the docs fetch Node 20 from NodeSource and clone the repository, this script takes the Node
# already on the machine (it must be 20.11 or later) and copies this clone with its node_modules:
# a machine that reaches only Debian's and npm's registries can run it. Systemd is not needed: the
# unit's command line is run by hand, as the unit would run it.
set -euo pipefail

DOMAIN=${DOMAIN:-dip.example.org}
SOURCE=${SOURCE:-$(cd "$(dirname "$0")/.." && pwd)}
INSTALL=/opt/judge
DATA=/srv/judge
CONFIG=$DATA/judge.config.json
IMAP_PASSWORD=${IMAP_PASSWORD:-$(openssl rand -hex 12)}
PLAYER=player
NODE=$(command -v node)

step() { printf '\n== %s\n' "$*"; }
fail() { printf 'FAILED: %s\n' "$*" >&2; exit 1; }

step "1. Node, the packages, the installation and the judge's user"
node_version=$("$NODE" --version)
"$NODE" -e 'const [major, minor] = process.versions.node.split(".").map(Number); process.exit(major > 20 || (major === 20 && minor >= 11) ? 0 : 1)' ||
  fail "Node $node_version is too old: install Node 20 from NodeSource (docs/deploying.md, step 1)"
echo "node $node_version at $NODE"
export DEBIAN_FRONTEND=noninteractive
apt-get install -y -q postfix dovecot-imapd sqlite3 openssl ghostscript >/dev/null
dpkg-query -W -f='${Package} ${Version}\n' postfix dovecot-imapd
id judge >/dev/null 2>&1 || useradd --system --create-home --home-dir "$DATA" --shell /usr/sbin/nologin judge
id "$PLAYER" >/dev/null 2>&1 || useradd --create-home --shell /usr/sbin/nologin "$PLAYER"
mkdir -p "$INSTALL"
# In place of `git clone` and `npm ci`: this clone's files, its node_modules included (KEEP_INSTALL=1: as installed before).
if [ "${KEEP_INSTALL:-}" != 1 ]; then
  tar -C "$SOURCE" --exclude=./.git --exclude=./dist --exclude=./node_modules/.cache -cf - . | tar -C "$INSTALL" -xf -
  (cd "$INSTALL" && npm run build >/dev/null)
fi
echo "installed in $INSTALL, data in $DATA"

step "2. Postfix delivers to a Maildir that Dovecot serves"
grep -q " $DOMAIN\$" /etc/hosts || echo "127.0.0.1 $DOMAIN" >>/etc/hosts # only for a machine without DNS for $DOMAIN
postconf -e "myhostname = $DOMAIN" 'mydestination = $myhostname, localhost' 'home_mailbox = Maildir/' 'inet_interfaces = all'
postfix status >/dev/null 2>&1 && postfix reload || postfix start
sed -i 's|^#\?mail_location = .*|mail_location = maildir:~/Maildir|' /etc/dovecot/conf.d/10-mail.conf
sed -i 's/^!include auth-system.conf.ext/#!include auth-system.conf.ext/; s/^#!include auth-passwdfile.conf.ext/!include auth-passwdfile.conf.ext/' \
  /etc/dovecot/conf.d/10-auth.conf
# doveadm pw prints the scheme prefix itself: the line takes its output as it is.
hash=$(doveadm pw -s SHA512-CRYPT -p "$IMAP_PASSWORD")
echo "judge:$hash:$(id -u judge):$(id -g judge)::$DATA" >/etc/dovecot/users
chmod 640 /etc/dovecot/users && chown root:dovecot /etc/dovecot/users
if [ ! -s /etc/dovecot/private/dovecot.pem ]; then
  openssl req -x509 -newkey rsa:2048 -nodes -days 825 -subj "/CN=$DOMAIN" -addext "subjectAltName=DNS:$DOMAIN" \
    -keyout /etc/dovecot/private/dovecot.key -out /etc/dovecot/private/dovecot.pem 2>/dev/null
  chmod 600 /etc/dovecot/private/dovecot.key
fi
# The judge must trust Dovecot's certificate: a self-signed one is given to Node as a CA.
install -m 644 /etc/dovecot/private/dovecot.pem /etc/ssl/certs/judge-dovecot.pem
pkill -F /run/dovecot/master.pid 2>/dev/null || true
dovecot
doveadm auth test judge "$IMAP_PASSWORD" | head -1

step "3. The judge's configuration"
cat >"$CONFIG" <<EOF
{
  "judge": { "name": "USDP", "address": "judge@$DOMAIN", "keeper": "root@$DOMAIN" },
  "folders": { "games": "$DATA/games", "var": "$DATA/var" },
  "mail": {
    "imap": { "host": "$DOMAIN", "port": 993, "tls": true, "user": "judge", "password": "$IMAP_PASSWORD" },
    "smtp": { "host": "localhost", "port": 25, "secure": false }
  },
  "web": { "enabled": false }
}
EOF
chown judge:judge "$CONFIG" && chmod 600 "$CONFIG"
ls -l "$CONFIG"

# Mails the player `player@$DOMAIN` sends the judge, and the judge's replies in the player's Maildir.
sent=0
run=$(date +%s)
mail_judge() {
  sent=$((sent + 1))
  printf 'From: %s@%s\nTo: judge@%s\nSubject: %s\nMessage-ID: <deploy-%s-%s@%s>\n\n%s\n' \
    "$PLAYER" "$DOMAIN" "$DOMAIN" "$1 ($run)" "$run" "$sent" "$DOMAIN" "$2" | /usr/sbin/sendmail -t -f "$PLAYER@$DOMAIN"
}
await_reply() {
  local subject="$1 ($run)" started=$2
  for _ in $(seq 1 600); do
    local found
    found=$(grep -lF "Subject: Re: $subject" "$(getent passwd "$PLAYER" | cut -d: -f6)"/Maildir/new/* 2>/dev/null | head -1 || true)
    if [ -n "$found" ]; then
      printf 'reply "Re: %s" in %s after %.2f s: ' "$subject" "$found" "$(echo "$(date +%s.%N) - $started" | bc)"
      sed -n '/^$/,$p' "$found" | sed -n '2p'
      return 0
    fi
    sleep 0.1
  done
  fail "no reply to \"$subject\" within 60 s (see /var/log/mail.log and the judge's log)"
}

step "3b. The unit's command line, by hand (no systemd here): IMAP in, SMTP out"
log=$(mktemp)
# The unit's ExecStart, User, WorkingDirectory and Environment, as systemd would run them.
(cd "$DATA" && exec runuser -u judge -- env NODE_EXTRA_CA_CERTS=/etc/ssl/certs/judge-dovecot.pem MALLOC_ARENA_MAX=2 NODE_OPTIONS=--max-semi-space-size=2 \
  "$NODE" "$INSTALL/dist/cli/main.js" start --config "$CONFIG") >"$log" 2>&1 &
daemon=$!
for _ in $(seq 1 300); do grep -q 'started' "$log" && break; sleep 0.1; done
head -1 "$log"
start=$(date +%s.%N)
mail_judge 'imap help' 'HELP'
await_reply 'imap help' "$start"
game=g$run
mail_judge 'create' "CREATE $game masterpw
FORM"
await_reply 'create' "$start"
kill -TERM "$daemon" && wait "$daemon" || true
grep -E 'mail from|stopped' "$log"
runuser -u judge -- "$NODE" "$INSTALL/dist/cli/main.js" game validate "$game" --config "$CONFIG"

step "5a. Pipe mode by ~judge/.forward (the judge daemon stopped: judge mail handles each mail itself)"
echo "\"|$NODE $INSTALL/dist/cli/main.js mail --config $CONFIG\"" >"$DATA/.forward"
chown judge:judge "$DATA/.forward"
start=$(date +%s.%N)
mail_judge 'forward list' "LIST $game"
await_reply 'forward list' "$start"
rm "$DATA/.forward"

step "5b. Pipe mode by an alias file owned by the judge (commands run as its owner, not as nobody)"
rm -f /etc/postfix/judge-aliases /etc/postfix/judge-aliases.db # postalias works as the owner of a file not root's
echo "judge: \"|$NODE $INSTALL/dist/cli/main.js mail --config $CONFIG\"" >/etc/postfix/judge-aliases
postalias /etc/postfix/judge-aliases
chown judge:judge /etc/postfix/judge-aliases /etc/postfix/judge-aliases.db
postconf -e 'alias_maps = hash:/etc/aliases, hash:/etc/postfix/judge-aliases'
postfix reload
start=$(date +%s.%N)
mail_judge 'alias list' "LIST $game"
await_reply 'alias list' "$start"
# Back to IMAP delivery for the service.
postconf -e 'alias_maps = hash:/etc/aliases'
postfix reload

step "done: every way of taking mail in answered"

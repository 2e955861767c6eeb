# Source this file (". scripts/use-node22.sh") to put Node.js 22 first on PATH.
# When the system's node is older, node@22 is fetched from the npm registry into
# .tools/node (git-ignored) once and reused afterwards.
_spa_root=$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/.." && pwd)
_spa_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$_spa_major" -lt 22 ]; then
  _spa_bin="$_spa_root/.tools/node/node_modules/.bin"
  if [ ! -x "$_spa_bin/node" ]; then
    echo "Node.js $(node --version 2>/dev/null || echo 'missing') is older than 22: installing node@22 into .tools/node" >&2
    npm install --prefix "$_spa_root/.tools/node" --no-save --no-package-lock --loglevel=error node@22 >&2 || return 1 2>/dev/null || exit 1
  fi
  export PATH="$_spa_bin:$PATH"
fi
unset _spa_root _spa_major _spa_bin

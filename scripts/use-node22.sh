# Source this file (". scripts/use-node22.sh") to put Node.js 22 first on PATH.
# When the system's node is older, scripts/node22.mjs fetches the pinned Node.js 22 from the npm
# registry into .tools (git-ignored) once, its integrity checked, and says where it is.
_spa_root=$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/.." && pwd)
_spa_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$_spa_major" -lt 22 ]; then
  _spa_bin=$(node "$_spa_root/scripts/node22.mjs" --folder) || return 1 2>/dev/null || exit 1
  export PATH="$_spa_bin:$PATH"
fi
unset _spa_root _spa_major _spa_bin

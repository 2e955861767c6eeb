// First step of every npm script: stop at once, in one line, on a Node.js older than 22.
// Plain JavaScript on purpose, so that old Node versions can run it.
const required = 22;
const major = Number(process.versions.node.split('.')[0]);
if (major < required) {
  console.error(
    `This project needs Node.js ${required} or newer (this is ${process.version}); run ". scripts/use-node22.sh" to fetch it.`,
  );
  process.exit(1);
}

// Preloaded into the hardhat node child: its stdin is a pipe from the parent, which the OS closes when the
// parent dies however it dies (even SIGKILL), so the chain never outlives the process that started it.
process.stdin.on("end", () => process.exit(0));
process.stdin.on("error", () => process.exit(0));
process.stdin.resume();

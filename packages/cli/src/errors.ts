/** A failure to report in one line, exit status 1 (bad input or an unreachable server). */
export class CliError extends Error {}

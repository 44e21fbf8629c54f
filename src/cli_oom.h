/* cli_oom: the CLI's one answer to running out of memory (main.c's
 * allocations, the model folder's through struct modeldir_run): say "out
 * of memory" once (D_OUT_OF_MEMORY, through the CLI's message printer),
 * remove what the undo list records (a temporary file, a model folder
 * being built) and exit with status 3.  Never abort(): SIGABRT is not a
 * signal undo.c catches, and would leave the folder.  The CLI's; not part
 * of libu2s (whose own answer is U2S_IO, said by the library). */
#ifndef U2S_CLI_OOM_H
#define U2S_CLI_OOM_H

struct undo;

/* The CLI's message printer: a message of CODE (diag_codes.def). */
typedef void cli_oom_say_fn(void *arg, unsigned code, const char *text);

/* Says it through SAY (with SAY_ARG), removes what UNDO records, with the
 * fatal signals blocked, and exits with status 3 (U2S_IO).  A second
 * thread that runs out of memory meanwhile waits for that exit. */
_Noreturn void cli_out_of_memory(cli_oom_say_fn *say, void *say_arg, struct undo *undo);

#endif

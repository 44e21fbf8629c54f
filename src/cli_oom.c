/* cli_oom: the CLI's one answer to running out of memory (cli_oom.h). */
#define _POSIX_C_SOURCE 200809L

#include "cli_oom.h"

#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>

#include "cli_codes.h"
#include "u2s.h"
#include "undo.h"

_Noreturn void cli_out_of_memory(cli_oom_say_fn *say, void *say_arg, struct undo *undo)
{
	static atomic_flag once = ATOMIC_FLAG_INIT;
	sigset_t old;

	if (atomic_flag_test_and_set(&once))
		for (;;)   /* another thread is saying it and will exit */
			pause();
	say(say_arg, D_OUT_OF_MEMORY, "out of memory");
	undo_block(&old);   /* kept blocked: nothing is left to undo at a signal */
	if (undo)
		undo_remove_all(undo);
	exit(U2S_IO);
}

/* token.c - `layoutd token add|list|revoke` (see store.h). */
#include <stdio.h>

#include "cli/cli.h"

int cli_token(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	fprintf(stderr, "layoutd token: not available yet\n");
	return CLI_BAD;
}

/* server.c - see http.h */
#include <stdio.h>

#include "http/http.h"

int http_serve_main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	fprintf(stderr, "layoutd serve: not available yet\n");
	return 2;
}

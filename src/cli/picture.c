/*
 * picture.c - `layoutd print --format cute|latex|triton|triton-hw FILE`:
 * the picture CuTe's print_layout / print_latex or Triton's getLayoutStr
 * prints of the layout, byte for byte, on standard output.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "layout/print/print.h"

static const char *print_usage =
	"usage: layoutd print --format cute|latex|triton|triton-hw [--notation N] [--logical L]\n"
	"                     [--role memory|tv] [--shape S] FILE\n"
	"  cute: CuTe's print_layout table (rank-2 layouts); latex: print_latex's TikZ\n"
	"  (rank 1 or 2), with --role tv print_latex_tv's thread-value picture over\n"
	"  the --logical tile; triton, triton-hw: Triton's tensor and hardware views\n"
	"  (triton-tensor-layout without its header).  FILE is read as `layoutd check`\n"
	"  reads it: algebra expressions print their result, print(tiled_copy) and\n"
	"  print(tiled_mma) texts the layout they hold.  Exit 0, or 2 on bad input.\n";

int cli_print_picture(int argc, char **argv)
{
	const char *format = NULL, *file = NULL;
	struct cli_text_opts topts = { 0 };
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], **dst = NULL;
		if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			fputs(print_usage, stdout);
			return CLI_PASS;
		}
		if (cli_text_option(&topts, argc, argv, &i))
			continue;
		if (strcmp(a, "--format") == 0)
			dst = &format;
		else if (strncmp(a, "--format=", 9) == 0)
			format = a + 9;
		else if (a[0] == '-' && a[1]) {
			fprintf(stderr, "layoutd print: unknown option %s\n%s", a, print_usage);
			return CLI_BAD;
		} else if (!file) {
			file = a;
			continue;
		} else {
			fputs(print_usage, stderr);
			return CLI_BAD;
		}
		if (dst) {
			if (i + 1 >= argc) {
				fprintf(stderr, "layoutd print: %s needs a value\n", a);
				return CLI_BAD;
			}
			*dst = argv[++i];
		}
	}
	if (!format || !file) {
		fputs(print_usage, stderr);
		return CLI_BAD;
	}
	struct lay_error err;
	struct lay_options opt = { 0 };
	lay_error_clear(&err);
	json_t *req = cli_read(file, &topts, NULL, &err);
	char *pic = NULL;
	if (req) {
		json_t *layout = json_object_get(req, "layout");
		pic = lay_print(layout ? layout : req, layout ? "/layout" : "", format, &opt, &err);
	}
	json_decref(req);
	if (!pic) {
		cli_print_error(stderr, file, &err);
		return CLI_BAD;
	}
	fputs(pic, stdout);
	free(pic);
	return fflush(stdout) == 0 ? CLI_PASS : CLI_BAD;
}

/*
 * picture.c - `layoutd print --format FORMAT FILE`: the picture CuTe's
 * print_layout / print_latex or Triton's getLayoutStr prints of the layout,
 * byte for byte, on standard output; the formats are print.h's table.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "layout/print/print.h"

/* The usage, its formats from the print format table (print.h). */
static void print_usage(FILE *f)
{
	char list[128];
	lay_print_format_list(list, sizeof list, "|", "|");
	fprintf(f,
		"usage: layoutd print --format %s [--notation N] [--logical L]\n"
		"                     [--role memory|tv] [--shape S] FILE\n"
		"       layoutd print --list-formats\n",
		list);
	for (int i = 0; i < lay_nprint_formats; i++) {
		fprintf(f, "  %s: ", lay_print_formats[i].name);
		for (const char *s = lay_print_formats[i].summary; *s; s++)
			if (*s == '\n')
				fputs("\n    ", f);
			else
				fputc(*s, f);
		fputc('\n', f);
	}
	fputs("  FILE is read as `layoutd check` reads it: algebra expressions print their\n"
	      "  result, print(tiled_copy) and print(tiled_mma) texts the layout they hold.\n"
	      "  --list-formats prints the format names, one a line.  Exit 0, or 2 on bad\n"
	      "  input.\n",
	      f);
}

int cli_print_picture(int argc, char **argv)
{
	const char *format = NULL, *file = NULL;
	struct cli_text_opts topts = { 0 };
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], **dst = NULL;
		if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			print_usage(stdout);
			return CLI_PASS;
		}
		if (strcmp(a, "--list-formats") == 0) {
			for (int k = 0; k < lay_nprint_formats; k++)
				puts(lay_print_formats[k].name);
			return fflush(stdout) == 0 ? CLI_PASS : CLI_BAD;
		}
		if (cli_text_option(&topts, argc, argv, &i))
			continue;
		if (strcmp(a, "--format") == 0)
			dst = &format;
		else if (strncmp(a, "--format=", 9) == 0)
			format = a + 9;
		else if (a[0] == '-' && a[1]) {
			fprintf(stderr, "layoutd print: unknown option %s\n", a);
			print_usage(stderr);
			return CLI_BAD;
		} else if (!file) {
			file = a;
			continue;
		} else {
			print_usage(stderr);
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
		print_usage(stderr);
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

/*
 * cute.c - the cute notation (see DESIGN.md §2).
 */
#include "layout.h"

int lay_cute_parse(struct lay_def *def, json_t *v, json_t *whole, struct lay_error *err)
{
	char ptr[LAY_ERR_PTR];
	(void)v;
	(void)whole;
	lay_ptr_join(ptr, sizeof ptr, def->ptr, "cute");
	return lay_error_set(err, LAY_ESCHEMA, ptr, -1, "the cute notation is not available yet");
}

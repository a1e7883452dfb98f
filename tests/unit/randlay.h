/*
 * randlay.h - random layout definitions for the randomized tests.  Each
 * generator writes one definition (JSON text, into out) of its notation
 * whose physical space stays within `budget` points.
 */
#ifndef LAYOUTD_TEST_RANDLAY_H
#define LAYOUTD_TEST_RANDLAY_H

#include <stdint.h>

void rl_seed(uint64_t seed);
uint64_t rl_next(void);
int64_t rl_pick(int64_t n); /* 0 .. n-1 */

extern const char *const rl_axis_names[4];

void rl_gen_axe(char *out, int64_t budget);
void rl_gen_cute_memory(char *out, int64_t budget);
void rl_gen_cute_tv(char *out, int64_t budget);
void rl_gen_linear(char *out, int64_t budget);
void rl_gen_expr(char *out, int64_t budget);

#endif

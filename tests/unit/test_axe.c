/* test_axe.c - placeholder suite, filled as the axe work lands. */
#include "unit.h"

static void test_placeholder(void)
{
	CU_PASS("no tests yet");
}

int main(void)
{
	static const struct unit_test tests[] = {
		{"placeholder", test_placeholder},
		{NULL, NULL},
	};
	return unit_main("axe", tests);
}

/* test_store.c - placeholder suite, filled as the store lands. */
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
	return unit_main("store", tests);
}

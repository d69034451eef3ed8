/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — ECCO codes: parsing, formatting, the table of opening names, and classifying a
 * game from its first moves through the master-games index. */
#include <string.h>

#include "cotuong/ecco.h"
#include "ecco_tree.h"

int ct_ecco_parse(const char *t)
{
    if (!t || t[0] < 'A' || t[0] > 'E' || t[1] < '0' || t[1] > '9' || t[2] < '0' || t[2] > '9' ||
        t[3])
        return CT_ECCO_NONE;
    return (t[0] - 'A') * 100 + (t[1] - '0') * 10 + (t[2] - '0');
}

void ct_ecco_format(int code, char out[4])
{
    if (code < 0 || code >= 500) {
        out[0] = 0;
        return;
    }
    out[0] = (char)('A' + code / 100);
    out[1] = (char)('0' + code / 10 % 10);
    out[2] = (char)('0' + code % 10);
    out[3] = 0;
}

/* Names of the opening groups, narrowest first: a code takes the first row whose range
 * holds it. Where the finer grouping of the codes was not certain, the row names the
 * broader family (man page, MASTER GAMES). */
typedef struct {
    short first, last;
    const char *zh, *vi, *en;
} ecco_group;

#define E(l, n) ((l - 'A') * 100 + (n))
static const ecco_group groups[] = {
    {E('A', 1), E('A', 1), "上仕局", "Thượng sĩ cục", "Advisor Opening"},
    {E('A', 2), E('A', 2), "邊馬局", "Biên mã cục", "Edge Horse Opening"},
    {E('A', 3), E('A', 3), "邊炮局", "Biên pháo cục", "Edge Cannon Opening"},
    {E('A', 4), E('A', 4), "巡河炮局", "Tuần hà pháo cục", "River Cannon Opening"},
    {E('A', 5), E('A', 5), "過河炮局", "Quá hà pháo cục", "Cannon Across the River Opening"},
    {E('A', 6), E('A', 6), "兵底炮局", "Binh để pháo cục", "Cannon Behind the Pawn Opening"},
    {E('A', 7), E('A', 7), "金鉤炮局", "Kim câu pháo cục", "Golden Hook Cannon Opening"},
    {E('A', 8), E('A', 8), "邊兵局", "Biên binh cục", "Edge Pawn Opening"},
    {E('A', 10), E('A', 39), "飛相局", "Phi tượng cục", "Elephant Opening"},
    {E('A', 40), E('A', 49), "起馬局", "Khởi mã cục", "Horse Opening"},
    {E('A', 50), E('A', 59), "仕角炮局", "Sĩ giác pháo cục", "Palace Corner Cannon Opening"},
    {E('A', 60), E('A', 69), "過宮炮局", "Quá cung pháo cục", "Cross Palace Cannon Opening"},
    {E('A', 0), E('A', 99), "其他開局", "Khai cuộc khác", "Other Openings"},
    {E('B', 10), E('B', 19), "中炮對單提馬", "Pháo đầu đối đơn đề mã", "Central Cannon vs Single Lifted Horse"},
    {E('B', 20), E('B', 29), "中炮對左三步虎", "Pháo đầu đối tam bộ hổ", "Central Cannon vs Three Step Tiger"},
    {E('B', 50), E('B', 59), "五七炮對反宮馬", "Ngũ thất pháo đối phản cung mã", "Five-Seven Cannons vs Reverse Palace Horses"},
    {E('B', 30), E('B', 59), "中炮對反宮馬", "Pháo đầu đối phản cung mã", "Central Cannon vs Reverse Palace Horses"},
    {E('B', 0), E('B', 99), "中炮局", "Pháo đầu", "Central Cannon"},
    {E('C', 10), E('C', 19), "中炮右橫車對屏風馬", "Pháo đầu xe phải ngang đối bình phong mã", "Central Cannon with Right Horizontal Rook vs Screen Horses"},
    {E('C', 30), E('C', 39), "中炮過河車互進七兵對屏風馬", "Pháo đầu xe qua hà đối bình phong mã", "Central Cannon, Rook Across the River vs Screen Horses"},
    {E('C', 40), E('C', 49), "中炮過河車互進七兵對屏風馬平炮兌車", "Pháo đầu xe qua hà đối bình phong mã bình pháo đổi xe", "Central Cannon, Rook Across the River vs Screen Horses, Cannon Trades Rook"},
    {E('C', 60), E('C', 79), "五七炮對屏風馬", "Ngũ thất pháo đối bình phong mã", "Five-Seven Cannons vs Screen Horses"},
    {E('C', 0), E('C', 99), "中炮對屏風馬", "Pháo đầu đối bình phong mã", "Central Cannon vs Screen Horses"},
    {E('D', 20), E('D', 29), "順炮直車對橫車", "Thuận pháo xe thẳng đối xe ngang", "Same Direction Cannons, Straight Rook vs Horizontal Rook"},
    {E('D', 0), E('D', 39), "順炮", "Thuận pháo", "Same Direction Cannons"},
    {E('D', 50), E('D', 59), "中炮對後補列炮", "Pháo đầu đối nghịch pháo chậm", "Central Cannon vs Delayed Opposite Cannon"},
    {E('D', 40), E('D', 99), "中炮對列炮", "Pháo đầu đối nghịch pháo", "Central Cannon vs Opposite Direction Cannon"},
    {E('E', 10), E('E', 39), "仙人指路對卒底炮", "Tiên nhân chỉ lộ đối tốt để pháo", "Pawn Opening vs Cannon Behind the Pawn"},
    {E('E', 40), E('E', 49), "對兵局", "Đối binh cục", "Pawns Facing Opening"},
    {E('E', 0), E('E', 99), "仙人指路", "Tiên nhân chỉ lộ", "Pawn Opening (Immortal Points the Way)"},
    /* B, C and D all open with the central cannon; only a range of codes meets this row */
    {E('B', 0), E('D', 99), "中炮", "Pháo đầu", "Central Cannon"},
};
#undef E

const char *ct_ecco_range_name(int lo, int hi, ct_ecco_lang lang)
{
    if (lo < 0 || hi < lo)
        return "";
    for (size_t i = 0; i < sizeof groups / sizeof groups[0]; i++)
        if (lo >= groups[i].first && hi <= groups[i].last)
            return lang == CT_ECCO_ZH ? groups[i].zh : lang == CT_ECCO_VI ? groups[i].vi
                                                                          : groups[i].en;
    return "";
}

const char *ct_ecco_name(int code, ct_ecco_lang lang)
{
    return ct_ecco_range_name(code, code, lang);
}

int ct_ecco_classify(const ct_explorer *x, const ct_move *moves, int nmoves)
{
    uint32_t n;
    const uint8_t *tree = ecco_tree_of(x, &n);
    ecco_line l;
    ecco_line_of(moves, nmoves, &l);
    int lo, hi;
    return ecco_tree_classify(tree, n, &l, true, &lo, &hi);
}

int ct_ecco_classify_so_far(const ct_explorer *x, const ct_move *moves, int nmoves, int *lo,
                            int *hi)
{
    uint32_t n;
    const uint8_t *tree = ecco_tree_of(x, &n);
    ecco_line l;
    ecco_line_of(moves, nmoves, &l);
    return ecco_tree_classify(tree, n, &l, false, lo, hi);
}

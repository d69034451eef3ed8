/* cotuong — the `play` subcommand. Placeholder until the terminal UI lands: prints the
 * start position as text. */
#include <stdio.h>

#include "app/commands.h"
#include "cotuong/position.h"

int cmd_play(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    static ct_pos pos;
    ct_pos_start(&pos);
    static const char letters[] = ".KABNRCP";
    for (int rank = 9; rank >= 0; rank--) {
        printf("%d  ", rank);
        for (int file = 0; file < CT_FILES; file++) {
            ct_sq sq = (ct_sq)CT_SQ(file, rank);
            int t = ct_pos_type_at(&pos, sq);
            char c = letters[t];
            if (t && ct_pos_side_at(&pos, sq) == CT_BLACK)
                c = (char)(c - 'A' + 'a');
            printf(" %c", c);
        }
        printf("\n");
        if (rank == 5)
            printf("    ~~~~~~~~~~~~~~~~~\n");
    }
    printf("\n    a b c d e f g h i\n");
    return 0;
}

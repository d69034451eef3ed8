/* cotuong — `match` (placeholder). */
#include <stdio.h>
#include "app/commands.h"
int cmd_match(int argc, char **argv) { (void)argc; (void)argv; fprintf(stderr, "cotuong match: not yet\n"); return 1; }

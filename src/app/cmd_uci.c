/* cotuong — `uci` (placeholder until the protocol front end lands). */
#include <stdio.h>
#include "app/commands.h"
int cmd_uci(int argc, char **argv) { (void)argc; (void)argv; fprintf(stderr, "cotuong uci: not yet\n"); return 1; }

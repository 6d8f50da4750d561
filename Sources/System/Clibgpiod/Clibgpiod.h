// The system's libgpiod header: 1.6 (Debian 12) or 2.x (Debian 13), whichever
// the `libgpiod` pkg-config file points at.
#include <gpiod.h>

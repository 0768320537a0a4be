/* The default configuration header: it changes nothing main.c spells. */
#define PLAIN 1

/* A build option that turns the summary line off. */
#ifdef QUIET
#undef SHOW
#endif

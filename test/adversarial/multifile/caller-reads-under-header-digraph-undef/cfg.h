/* A build option that turns the summary line off (the #undef spelled with a digraph). */
#ifdef QUIET
%:undef SHOW
#endif

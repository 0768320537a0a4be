/* trap: a function of the program that calls main() by name
   expect: none */
int main(int argc, char **argv);
void again(int depth, char **argv) { main(depth, argv); }

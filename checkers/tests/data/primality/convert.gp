\\ How the fixtures here were made (PARI/GP 2.15.2): PARI's primality certificates converted to
\\ the JSON of checkers/src/primality.rs (evidence integer.primality/v1). Run: gp -q -f convert.gp
\\ Every integer becomes a decimal string. An N-1 factor PARI lists as a bare prime p < 2^64 gets
\\ the witness PARI's own pl831 finds: the least a >= 2 with a^((N-1)/p) != 1 (mod N).
default(parisizemax, 2000000000);
q(x) = Str("\"", x, "\"");
plw(N, p) = for(a = 2, oo, if(Mod(a, N)^((N-1)/p) != 1, return(a)));
n1node(c) = {
  my(N, C, s = "");
  if (type(c) == "t_INT", return(Str("{\"n\":", q(c), "}")));
  N = c[1]; C = c[2];
  for (i = 1, #C,
    my(e = C[i], entry);
    if (type(e) == "t_INT",
      entry = Str("{\"witness\":", q(plw(N, e)), ",\"prime\":{\"n\":", q(e), "}}"),
      entry = Str("{\"witness\":", q(e[2]), ",\"prime\":", n1node(e[3]), "}"));
    s = Str(s, if(i > 1, ",", ""), entry));
  Str("{\"n\":", q(N), ",\"factors\":[", s, "]}");
}
n1cert(c) = { my(r = Vecsmall(n1node(c))); Str("{\"format\":\"N-1\",", Strchr(r[2..#r])) };
ecppcert(c) = {
  my(s = "");
  if (type(c) == "t_INT", return("{\"format\":\"ECPP\",\"steps\":[]}"));
  for (i = 1, #c,
    my(z = c[i]);
    s = Str(s, if(i > 1, ",", ""), "[", q(z[1]), ",", q(z[2]), ",", q(z[3]), ",", q(z[4]),
            ",[", q(z[5][1]), ",", q(z[5][2]), "]]"));
  Str("{\"format\":\"ECPP\",\"steps\":[", s, "]}");
}
fixture(name, N) = {
  my(e = primecert(N), p = primecert(N, 1));
  if (!primecertisvalid(e) || !primecertisvalid(p), error("PARI rejects its own certificate"));
  system(Str("rm -f ", name, ".json"));
  write(Str(name, ".json"), Str("{\"n\":", q(N), ",\"ecpp\":", ecppcert(e), ",\"n-1\":", n1cert(p), "}"));
}
\\ Primes whose N - 1 PARI factors quickly (N - 1 = 2*i*A or 2*i*3^208*C, A and C prime), so that
\\ primecert(N, 1) ends in seconds and its certificate nests.
firstprime(f) = for(i = 1, oo, my(x = f(i)); if(ispseudoprime(x), return(x)));
B = nextprime(10^40);
A = firstprime(i -> 2*(10^29+i)*B + 1);
C = firstprime(i -> 2*i*5^186*A + 1);
fixture("p20", 10^20 + 39);
fixture("m127", 2^127 - 1);
fixture("p100", firstprime(i -> 2*(3*10^29+i)*A + 1));
fixture("p305", firstprime(i -> 2*i*3^208*C + 1));

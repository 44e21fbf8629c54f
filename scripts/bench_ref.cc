// bench_ref: the libsdformat reference for scripts/bench.  Converts a URDF
// file to SDFormat the way `gz sdf -p FILE` does: sdf::readFile (which runs
// libsdformat's URDF parser, fixed-joint lumping included), then
// SDF::PrintValues, which writes the document to standard output.
//
// Usage: bench_ref FILE.urdf
// Exit status: 0 converted, 1 libsdformat reported errors (printed to
// standard error), 2 usage.
//
// Build: g++ -O2 bench_ref.cc $(pkg-config --cflags --libs sdformat12)

#include <iostream>

#include <sdf/sdf.hh>

int main(int argc, char **argv)
{
  if (argc != 2) {
    std::cerr << "usage: bench_ref FILE.urdf\n";
    return 2;
  }
  std::ios::sync_with_stdio(false);

  sdf::SDFPtr sdf(new sdf::SDF());
  if (!sdf::init(sdf)) {
    std::cerr << "bench_ref: sdf::init failed\n";
    return 1;
  }
  sdf::Errors errors;
  bool ok = sdf::readFile(argv[1], sdf, errors);
  for (const auto &e : errors)
    std::cerr << "bench_ref: " << e.Message() << "\n";
  if (!ok)
    return 1;
  sdf->PrintValues();
  std::cout.flush();
  return errors.empty() ? 0 : 1;
}

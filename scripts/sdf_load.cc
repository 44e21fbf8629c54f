// sdf_load: load an SDFormat document with libsdformat the way a simulator
// does, and print every error it reports.
//
// Usage: sdf_load FILE.sdf      (FILE '-' reads standard input)
//
// Steps:
//   1. sdf::Root::LoadSdfString on the document (parsing, schema checks, the
//      frame-semantics checks of sdf::Model/sdf::World: names, canonical link,
//      joint parent/child, attached_to and relative_to graphs, inertia).
//   2. If that loaded without errors (invalid inertia aside), walk every world, model (nested too), link,
//      visual, collision, sensor, light, joint (axis too) and frame and do
//      what a simulator does when it builds its scene: resolve each pose
//      into the model frame (SemanticPose().Resolve), resolve each joint's
//      parent and child to links (ResolveParentLink/ResolveChildLink) and
//      each joint axis into the model frame (ResolveXyz), resolve each
//      frame's attached_to to a body (ResolveAttachedToBody), and the model's
//      canonical link.  Every sdf::Error from those calls is printed too.
//   3. Numbers that a simulator cannot use (NaN or infinite resolved poses,
//      axes, masses, inertias) are reported as "NONFINITE" lines: libsdformat
//      does not reject them, but no physics engine can run them.
//
// Output, one line per problem, on standard output:
//   ERROR <code> <CODE_NAME>: <message>     (an sdf::Error; newlines in the
//                                            message are replaced by " | ")
//   NONFINITE <what>: <value>
// Exit status: 0 no problem, 1 at least one problem, 2 usage or read error.
// libsdformat's own console warnings still go to standard error.

#include <cmath>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include <sdf/Collision.hh>
#include <sdf/Error.hh>
#include <sdf/Frame.hh>
#include <sdf/Joint.hh>
#include <sdf/JointAxis.hh>
#include <sdf/Light.hh>
#include <sdf/Link.hh>
#include <sdf/Model.hh>
#include <sdf/Root.hh>
#include <sdf/SemanticPose.hh>
#include <sdf/Sensor.hh>
#include <sdf/Visual.hh>
#include <sdf/World.hh>

namespace
{
int problems = 0;

const char *CodeName(sdf::ErrorCode _c)
{
  static const char *const names[] = {
    "NONE", "FILE_READ", "DUPLICATE_NAME", "RESERVED_NAME",
    "ATTRIBUTE_MISSING", "ATTRIBUTE_INVALID", "ATTRIBUTE_DEPRECATED",
    "ATTRIBUTE_INCORRECT_TYPE", "ELEMENT_MISSING", "ELEMENT_INVALID",
    "ELEMENT_DEPRECATED", "ELEMENT_INCORRECT_TYPE", "URI_INVALID",
    "URI_LOOKUP", "DIRECTORY_NONEXISTANT", "MODEL_CANONICAL_LINK_INVALID",
    "MODEL_WITHOUT_LINK", "NESTED_MODELS_UNSUPPORTED",
    "LINK_INERTIA_INVALID", "JOINT_CHILD_LINK_INVALID",
    "JOINT_PARENT_LINK_INVALID", "JOINT_PARENT_SAME_AS_CHILD",
    "FRAME_ATTACHED_TO_INVALID", "FRAME_ATTACHED_TO_CYCLE",
    "FRAME_ATTACHED_TO_GRAPH_ERROR", "POSE_RELATIVE_TO_INVALID",
    "POSE_RELATIVE_TO_CYCLE", "POSE_RELATIVE_TO_GRAPH_ERROR", "STRING_READ",
    "MODEL_PLACEMENT_FRAME_INVALID", "VERSION_DEPRECATED",
    "MERGE_INCLUDE_UNSUPPORTED",
  };
  const auto i = static_cast<size_t>(_c);
  return i < sizeof(names) / sizeof(names[0]) ? names[i] : "UNKNOWN";
}

std::string OneLine(const std::string &_s)
{
  std::string out;
  for (char ch : _s)
  {
    if (ch == '\n')
      out += " | ";
    else if (ch != '\r')
      out += ch;
  }
  while (!out.empty() && (out.back() == ' ' || out.back() == '|'))
    out.pop_back();
  // STRING_READ errors quote the whole document: keep lines readable.
  if (out.size() > 400)
    out = out.substr(0, 400) + "...";
  return out;
}

void Report(const sdf::Errors &_errors, const std::string &_context = "")
{
  for (const auto &e : _errors)
  {
    ++problems;
    std::cout << "ERROR " << static_cast<int>(e.Code()) << ' '
              << CodeName(e.Code()) << ": ";
    if (!_context.empty())
      std::cout << '[' << _context << "] ";
    std::string msg = e.Message();
    // STRING_READ quotes the whole document after this prefix; the cause is
    // on libsdformat's console (standard error) instead.
    const std::string unreadable = "Unable to read SDF string";
    if (e.Code() == sdf::ErrorCode::STRING_READ &&
        msg.compare(0, unreadable.size(), unreadable) == 0)
      msg = unreadable + " (cause on standard error)";
    std::cout << OneLine(msg);
    if (e.LineNumber())
      std::cout << " (line " << *e.LineNumber() << ')';
    std::cout << '\n';
  }
}

void Finite(const std::string &_what, const ignition::math::Pose3d &_p)
{
  const auto &t = _p.Pos();
  const auto &q = _p.Rot();
  if (std::isfinite(t.X()) && std::isfinite(t.Y()) && std::isfinite(t.Z()) &&
      std::isfinite(q.W()) && std::isfinite(q.X()) && std::isfinite(q.Y()) &&
      std::isfinite(q.Z()))
    return;
  ++problems;
  std::cout << "NONFINITE " << _what << ": " << _p << '\n';
}

void Finite(const std::string &_what, const ignition::math::Vector3d &_v)
{
  if (std::isfinite(_v.X()) && std::isfinite(_v.Y()) && std::isfinite(_v.Z()))
    return;
  ++problems;
  std::cout << "NONFINITE " << _what << ": " << _v << '\n';
}

void Finite(const std::string &_what, double _d)
{
  if (std::isfinite(_d))
    return;
  ++problems;
  std::cout << "NONFINITE " << _what << ": " << _d << '\n';
}

// Resolve a semantic pose into the enclosing model's frame, as a simulator
// does when it places an entity.
template <typename T>
void ResolvePose(const T &_obj, const std::string &_what,
                 const std::string &_to = "__model__")
{
  ignition::math::Pose3d pose;
  const sdf::Errors errs = _obj.SemanticPose().Resolve(pose, _to);
  Report(errs, _what);
  if (errs.empty())
    Finite(_what + " pose", pose);
}

// Resolve the frame called _name in _model's scope into the model frame.
void ResolveNamed(const sdf::Model &_model, const std::string &_name,
                  const std::string &_what)
{
  if (_name == "__model__")
    return;
  if (const sdf::Link *l = _model.LinkByName(_name))
    return ResolvePose(*l, _what + " (link " + _name + ")");
  if (const sdf::Joint *j = _model.JointByName(_name))
    return ResolvePose(*j, _what + " (joint " + _name + ")");
  if (const sdf::Frame *f = _model.FrameByName(_name))
    return ResolvePose(*f, _what + " (frame " + _name + ")");
  if (const sdf::Model *m = _model.ModelByName(_name))
    return ResolvePose(*m, _what + " (model " + _name + ")");
  ++problems;
  std::cout << "ERROR "
            << static_cast<int>(sdf::ErrorCode::POSE_RELATIVE_TO_INVALID)
            << " POSE_RELATIVE_TO_INVALID: [" << _what << "] no frame named ["
            << _name << "] in model [" << _model.Name() << "]\n";
}

void WalkModel(const sdf::Model &_model, const std::string &_scope)
{
  const std::string m = _scope + _model.Name();

  if (_model.LinkCount() > 0 || _model.ModelCount() > 0)
  {
    const auto canon = _model.CanonicalLinkAndRelativeName();
    if (!canon.first)
    {
      ++problems;
      std::cout << "ERROR " << static_cast<int>(
                       sdf::ErrorCode::MODEL_CANONICAL_LINK_INVALID)
                << " MODEL_CANONICAL_LINK_INVALID: [model " << m
                << "] canonical link '" << _model.CanonicalLinkName()
                << "' does not resolve to a link\n";
    }
  }

  for (uint64_t i = 0; i < _model.LinkCount(); ++i)
  {
    const sdf::Link *link = _model.LinkByIndex(i);
    const std::string l = m + "::" + link->Name();
    ResolvePose(*link, "link " + l);

    const auto &inertial = link->Inertial();
    Finite("link " + l + " mass", inertial.MassMatrix().Mass());
    Finite("link " + l + " inertia diagonal",
           inertial.MassMatrix().DiagonalMoments());
    Finite("link " + l + " inertia off-diagonal",
           inertial.MassMatrix().OffDiagonalMoments());
    Finite("link " + l + " inertial pose", inertial.Pose());

    for (uint64_t j = 0; j < link->VisualCount(); ++j)
    {
      const sdf::Visual *v = link->VisualByIndex(j);
      ResolvePose(*v, "visual " + l + "::" + v->Name());
    }
    for (uint64_t j = 0; j < link->CollisionCount(); ++j)
    {
      const sdf::Collision *c = link->CollisionByIndex(j);
      ResolvePose(*c, "collision " + l + "::" + c->Name());
    }
    for (uint64_t j = 0; j < link->SensorCount(); ++j)
    {
      const sdf::Sensor *s = link->SensorByIndex(j);
      ResolvePose(*s, "sensor " + l + "::" + s->Name());
    }
    for (uint64_t j = 0; j < link->LightCount(); ++j)
    {
      const sdf::Light *s = link->LightByIndex(j);
      ResolvePose(*s, "light " + l + "::" + s->Name());
    }
  }

  for (uint64_t i = 0; i < _model.JointCount(); ++i)
  {
    const sdf::Joint *joint = _model.JointByIndex(i);
    const std::string jn = "joint " + m + "::" + joint->Name();
    ResolvePose(*joint, jn);

    std::string parent, child;
    Report(joint->ResolveParentLink(parent), jn + " parent");
    Report(joint->ResolveChildLink(child), jn + " child");

    for (unsigned int a = 0; a < 2; ++a)
    {
      const sdf::JointAxis *axis = joint->Axis(a);
      if (!axis)
        continue;
      const std::string an = jn + " axis" + (a ? "2" : "");
      ignition::math::Vector3d xyz;
      const sdf::Errors errs = axis->ResolveXyz(xyz, "__model__");
      Report(errs, an);
      if (errs.empty())
        Finite(an + " xyz", xyz);
    }
    // libsdformat 12.3 does not hand the pose graph to a joint's sensors
    // (fixed upstream later), so their SemanticPose().Resolve always fails
    // with "invalid pointer to PoseRelativeToGraph", whatever the document
    // says.  Check instead what that call would use: the raw pose must be
    // finite and its relative_to, when given, must resolve in the model.
    for (uint64_t j = 0; j < joint->SensorCount(); ++j)
    {
      const sdf::Sensor *s = joint->SensorByIndex(j);
      const std::string sn = "sensor " + jn + "::" + s->Name();
      Finite(sn + " raw pose", s->RawPose());
      if (!s->PoseRelativeTo().empty())
        ResolveNamed(_model, s->PoseRelativeTo(), sn + " relative_to");
    }
  }

  for (uint64_t i = 0; i < _model.FrameCount(); ++i)
  {
    const sdf::Frame *frame = _model.FrameByIndex(i);
    const std::string fn = "frame " + m + "::" + frame->Name();
    ResolvePose(*frame, fn);
    std::string body;
    Report(frame->ResolveAttachedToBody(body), fn + " attached_to");
  }

  for (uint64_t i = 0; i < _model.ModelCount(); ++i)
  {
    const sdf::Model *nested = _model.ModelByIndex(i);
    ResolvePose(*nested, "model " + m + "::" + nested->Name());
    WalkModel(*nested, m + "::");
  }
}
}  // namespace

int main(int argc, char **argv)
{
  if (argc != 2)
  {
    std::cerr << "usage: " << argv[0] << " FILE.sdf\n";
    return 2;
  }
  const std::string path = argv[1];
  std::stringstream buf;
  if (path == "-")
  {
    buf << std::cin.rdbuf();
  }
  else
  {
    std::ifstream in(path, std::ios::binary);
    if (!in)
    {
      std::cerr << argv[0] << ": cannot read " << path << '\n';
      return 2;
    }
    buf << in.rdbuf();
  }

  sdf::Root root;
  const sdf::Errors loadErrors = root.LoadSdfString(buf.str());
  Report(loadErrors);

  // Walk only what loaded cleanly: after most load errors the frame graphs
  // are not built and every resolution would fail again for the same cause.
  // Invalid inertia alone leaves the graphs intact, so the walk still runs
  // then and can name further problems.
  bool walk = true;
  for (const auto &e : loadErrors)
    if (e.Code() != sdf::ErrorCode::LINK_INERTIA_INVALID)
      walk = false;
  if (!walk)
    return 1;

  if (const sdf::Model *model = root.Model())
  {
    ResolvePose(*model, "model " + model->Name(), "");
    WalkModel(*model, "");
  }
  for (uint64_t w = 0; w < root.WorldCount(); ++w)
  {
    const sdf::World *world = root.WorldByIndex(w);
    for (uint64_t i = 0; i < world->ModelCount(); ++i)
    {
      const sdf::Model *model = world->ModelByIndex(i);
      ResolvePose(*model, "model " + model->Name(), "world");
      WalkModel(*model, world->Name() + "::");
    }
    for (uint64_t i = 0; i < world->FrameCount(); ++i)
    {
      const sdf::Frame *frame = world->FrameByIndex(i);
      const std::string fn = "frame " + world->Name() + "::" + frame->Name();
      ResolvePose(*frame, fn, "world");
      std::string body;
      Report(frame->ResolveAttachedToBody(body), fn + " attached_to");
    }
  }
  if (!root.Model() && root.WorldCount() == 0 && problems == 0)
  {
    ++problems;
    std::cout << "ERROR " << static_cast<int>(sdf::ErrorCode::ELEMENT_MISSING)
              << " ELEMENT_MISSING: the document has no model and no world\n";
  }

  return problems ? 1 : 0;
}

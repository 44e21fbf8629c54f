// physics_step: load an SDFormat world the way Gazebo Fortress's Physics
// system builds one, in Debian's ignition-physics 5 with the DART engine
// plugin, step it, and say for each model whether it simulates.
//
// Usage: physics_step [--engine PLUGIN.so] [--steps N] [--keep-poses]
//                     [--settle M] [--trace K] [--placement] WORLD.sdf
//   --settle M  a free model not at rest after the N judged steps is
//              stepped on, up to step M (default 10000), and its line says
//              whether and when it comes to rest: not a verdict, a reason
//   --trace K  every K steps, print on stderr each judged model's base
//              and centre-of-mass heights and its fastest link
//
// How the world is built: in the order of gz-sim's Fortress release
// (ignition-gazebo6_6.18.0: src/systems/physics/Physics.cc, and
// src/SdfEntityCreator.cc, which resolves every pose before Physics sees
// it; src/Server.cc, which does not start on any SDFormat error), against
// what Debian's plugin does with it (gz-physics ignition-physics5_5.1.0:
// dartsim/src/SDFFeatures.cc, FreeGroupFeatures.cc):
//   1. the engine plugin is loaded with ign-plugin's Loader from
//      IGNITION_PHYSICS_ENGINE_INSTALL_DIR (or --engine), the first class
//      implementing ForwardStep is instantiated and the engine is requested
//      with the features below, all at once (Fortress requests its minimum
//      list, then casts to the joint, collision and mesh lists; DART has
//      them all); a missing feature is a setup error (exit 3);
//   2. ConstructWorld from an sdf::World holding only name and gravity;
//   3. for each top-level model, ConstructModel from an *empty* sdf::Model
//      holding name, pose (resolved to the world), static, self_collide;
//   4. for each link, ConstructLink from an sdf::Link with name, pose
//      (resolved to the model) and inertial (not <gravity>: libsdformat
//      12.3 has no Link::EnableGravity, and the DART plugin of
//      ignition-physics 5.1 reads none);
//   5. for each collision, ConstructCollision from a copy of the DOM
//      collision whose pose is resolved to the link; mesh collisions are
//      loaded with ign-common's MeshManager and attached with
//      AttachMeshShape (a mesh file that cannot be found gives no collision,
//      as in Fortress, and is reported);
//   6. for each joint, ConstructJoint from an sdf::Joint with name, type,
//      pose (resolved to the child frame), thread pitch, parent and child
//      resolved to link names (ResolveParentLink, ResolveChildLink) and
//      the axes with xyz resolved (expressed_in cleared);
//   7. ForwardStep with a 1 ms step, N times (default 2000); after every
//      step each link's world pose and velocity is read through
//      LinkFrameSemantics (FrameDataRelativeToWorld), as Fortress does to
//      update its link poses.
// Not done, unlike Fortress: nested models, heightmaps and polylines (not
// built: "cannot judge" or an absent collision), collide bitmasks,
// friction pyramid and contact surface settings, model:// and package://
// mesh URIs (looked up nowhere: only file:// and paths are found).
//
// Placement: a model that the engine leaves free (FindFreeGroup finds a
// FreeGroup: every root joint of the model is a free joint, i.e. it is not
// fixed to `world`) and that has collisions is moved before the first step,
// through SetFreeGroupWorldPose, straight up or down so that its lowest
// collision point is at z = 0, the top of the ground plane: the robot is
// spawned standing on the ground, as a user spawns one.  --keep-poses
// leaves every model where the world puts it.  --placement steps
// nothing: it prints, for each free model with a collision built,
// "MODEL: lowest collision point at z = LOW" (the world as written, before
// the move), which is how far u2s's own placement (u2s --world) is from
// this one; scripts/place-check compares the two.
//
// Verdicts, one line per model, "MODEL: pass|FAIL|cannot judge: why":
//   - every link pose finite after every step, else FAIL;
//   - no link's linear speed above 100 m/s, else FAIL;
//   - a model that must come to rest must do so: the world z of its base,
//     the root link of its FreeGroup (the canonical link: u2s writes the
//     URDF root link first), varies by at most 1e-4 m over the last
//     quarter of the steps, else FAIL.  The base, not the centre of mass:
//     a passive arm that still swings on a robot standing still is not a
//     robot that fails to rest.  When it fails and its centre of mass
//     (from the links' poses and inertials) goes more than 1 cm below the
//     ground, the line says so: its collisions do not surround its mass.
//     It is then stepped on (--settle) to say whether it comes to rest
//     later (a passive robot still collapsing) or never does.
//     "Wheeled or legged": a model must come to rest when it is free (not
//     static, not fixed to `world`) and at least one of its collisions was
//     built: placed on the ground, a wheeled or legged robot (or any robot
//     not bolted down) has to settle there.
//     A model fixed to `world` (or static) only has the first two checks.
//   - cannot judge: the SDFormat loader refuses the world (Fortress does
//     not start then); a model without links; the engine cannot build a
//     link or joint; a free model none of whose collisions could be built
//     (it would fall forever: nothing to judge); a free model that does not
//     come to rest while some of its collisions could not be built (the
//     missing geometry may be what it should rest on).  A free model that
//     comes to rest although some collisions are absent passes, and its
//     line says "partial".
//   Static models are listed as "static" and judged on nothing.
// Exit status: 0 every judged model passed and none is "cannot judge",
// 1 a model failed, 2 no failure but some model cannot be judged (or the
// world cannot be loaded), 3 setup error (usage, engine plugin).

#include <dlfcn.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include <ignition/common/Console.hh>
#include <ignition/common/Mesh.hh>
#include <ignition/common/MeshManager.hh>
#include <ignition/common/SubMesh.hh>
#include <ignition/math/eigen3/Conversions.hh>
#include <ignition/physics/FeatureList.hh>
#include <ignition/physics/FeaturePolicy.hh>
#include <ignition/physics/ForwardStep.hh>
#include <ignition/physics/FrameSemantics.hh>
#include <ignition/physics/FreeGroup.hh>
#include <ignition/physics/Joint.hh>
#include <ignition/physics/Link.hh>
#include <ignition/physics/RequestEngine.hh>
#include <ignition/physics/config.hh>
#include <ignition/physics/mesh/MeshShape.hh>
#include <ignition/physics/sdf/ConstructCollision.hh>
#include <ignition/physics/sdf/ConstructJoint.hh>
#include <ignition/physics/sdf/ConstructLink.hh>
#include <ignition/physics/sdf/ConstructModel.hh>
#include <ignition/physics/sdf/ConstructWorld.hh>
#include <ignition/plugin/Loader.hh>
#include <sdf/Collision.hh>
#include <sdf/Geometry.hh>
#include <sdf/Joint.hh>
#include <sdf/JointAxis.hh>
#include <sdf/Link.hh>
#include <sdf/Mesh.hh>
#include <sdf/Model.hh>
#include <sdf/Root.hh>
#include <sdf/World.hh>
#include <sdf/Box.hh>
#include <sdf/Capsule.hh>
#include <sdf/Cylinder.hh>
#include <sdf/Ellipsoid.hh>
#include <sdf/Sphere.hh>

namespace phys = ignition::physics;
namespace math = ignition::math;

// Fortress's MinimumFeatureList plus the optional lists it casts to for
// joints and collisions (JointFeatureList, CollisionFeatureList,
// MeshFeatureList).  Requested all at once: DART has every one.
struct Features : phys::FeatureList<
    phys::FindFreeGroupFeature,
    phys::SetFreeGroupWorldPose,
    phys::FreeGroupFrameSemantics,
    phys::LinkFrameSemantics,
    phys::ForwardStep,
    phys::sdf::ConstructSdfLink,
    phys::sdf::ConstructSdfModel,
    phys::sdf::ConstructSdfWorld,
    phys::sdf::ConstructSdfJoint,
    phys::sdf::ConstructSdfCollision,
    phys::mesh::AttachMeshShapeFeature> {};

using Policy = phys::FeaturePolicy3d;
using EnginePtr = phys::EnginePtr<Policy, Features>;
using WorldPtr = phys::WorldPtr<Policy, Features>;
using ModelPtr = phys::ModelPtr<Policy, Features>;
using LinkPtr = phys::LinkPtr<Policy, Features>;

namespace {

const double kMaxSpeed = 100.0;   // m/s
const double kRestTol = 1e-4;     // m

math::Pose3d Resolve(const sdf::SemanticPose &_sp)
{
  math::Pose3d p;
  if (!_sp.Resolve(p).empty())
    p = _sp.RawPose();
  return p;
}

bool Finite(const math::Pose3d &_p)
{
  return std::isfinite(_p.Pos().X()) && std::isfinite(_p.Pos().Y()) &&
         std::isfinite(_p.Pos().Z()) && std::isfinite(_p.Rot().W()) &&
         std::isfinite(_p.Rot().X()) && std::isfinite(_p.Rot().Y()) &&
         std::isfinite(_p.Rot().Z());
}

// The file a mesh URI names, as Fortress's asFullPath does it: a relative
// URI is relative to the SDF file; file:// is stripped.  package:// and
// model:// URIs are looked up nowhere (no resource path here).
std::string MeshPath(const sdf::Mesh &_m)
{
  std::string uri = _m.Uri();
  if (uri.rfind("file://", 0) == 0)
    uri = uri.substr(7);
  if (uri.find("://") != std::string::npos)
    return "";
  std::filesystem::path p(uri);
  if (p.is_relative() && !_m.FilePath().empty())
    p = std::filesystem::path(_m.FilePath()).parent_path() / p;
  std::error_code ec;
  if (!std::filesystem::is_regular_file(p, ec))
    return "";
  return p.string();
}

// Lowest world z of a shape of geometry _g whose frame is at _X (world).
// NaN when the shape has no finite extent (plane) or is unknown.
double LowestZ(const sdf::Geometry &_g, const math::Pose3d &_X,
               const ignition::common::Mesh *_mesh)
{
  const math::Vector3d c = _X.Pos();
  const math::Matrix3d R(_X.Rot());
  // Row z of R: how each local axis projects onto world z.
  const double rz[3] = {R(2, 0), R(2, 1), R(2, 2)};
  auto boxHalf = [&](double hx, double hy, double hz) {
    return std::fabs(rz[0]) * hx + std::fabs(rz[1]) * hy +
           std::fabs(rz[2]) * hz;
  };
  auto radial = [&](double r) {  // disc of radius r normal to local z
    return r * std::sqrt(std::max(0.0, 1.0 - rz[2] * rz[2]));
  };
  switch (_g.Type())
  {
    case sdf::GeometryType::BOX:
    {
      const auto s = _g.BoxShape()->Size();
      return c.Z() - boxHalf(s.X() / 2, s.Y() / 2, s.Z() / 2);
    }
    case sdf::GeometryType::SPHERE:
      return c.Z() - _g.SphereShape()->Radius();
    case sdf::GeometryType::CYLINDER:
    {
      const auto *cy = _g.CylinderShape();
      return c.Z() - std::fabs(rz[2]) * cy->Length() / 2 -
             radial(cy->Radius());
    }
    case sdf::GeometryType::CAPSULE:
    {
      const auto *ca = _g.CapsuleShape();
      return c.Z() - std::fabs(rz[2]) * ca->Length() / 2 - ca->Radius();
    }
    case sdf::GeometryType::ELLIPSOID:
    {
      const auto r = _g.EllipsoidShape()->Radii();
      return c.Z() - std::sqrt(std::pow(rz[0] * r.X(), 2) +
                               std::pow(rz[1] * r.Y(), 2) +
                               std::pow(rz[2] * r.Z(), 2));
    }
    case sdf::GeometryType::MESH:
    {
      if (!_mesh)
        break;
      const math::Vector3d s = _g.MeshShape()->Scale();
      double low = std::numeric_limits<double>::infinity();
      for (unsigned int i = 0; i < _mesh->SubMeshCount(); ++i)
      {
        auto sm = _mesh->SubMeshByIndex(i).lock();
        if (!sm)
          continue;
        for (unsigned int v = 0; v < sm->VertexCount(); ++v)
        {
          math::Vector3d p = sm->Vertex(v) * s;
          low = std::min(low, (_X.Rot() * p + c).Z());
        }
      }
      if (std::isfinite(low))
        return low;
      break;
    }
    default:
      break;
  }
  return std::numeric_limits<double>::quiet_NaN();
}

std::string GeomName(const sdf::Geometry &_g)
{
  switch (_g.Type())
  {
    case sdf::GeometryType::BOX: return "box";
    case sdf::GeometryType::SPHERE: return "sphere";
    case sdf::GeometryType::CYLINDER: return "cylinder";
    case sdf::GeometryType::CAPSULE: return "capsule";
    case sdf::GeometryType::ELLIPSOID: return "ellipsoid";
    case sdf::GeometryType::PLANE: return "plane";
    case sdf::GeometryType::MESH: return "mesh";
    case sdf::GeometryType::HEIGHTMAP: return "heightmap";
    case sdf::GeometryType::EMPTY: return "empty";
    default: return "unknown";
  }
}

struct LinkRec
{
  std::string name;
  LinkPtr link;
  double mass;
  math::Vector3d com;   // centre of mass in the link frame
};

struct ShapeRec
{
  std::size_t link;          // index into ModelRec::links
  const sdf::Geometry *geom;
  math::Pose3d pose;         // relative to its link
  const ignition::common::Mesh *mesh = nullptr;
};

struct ModelRec
{
  std::string name;
  bool isStatic = false;
  ModelPtr model;
  std::vector<LinkRec> links;
  std::vector<ShapeRec> shapes;   // collisions that were built
  std::size_t collisions = 0;     // collisions in the SDF
  std::vector<std::string> absent;  // why each missing collision is missing
  std::string cannot;             // set: cannot judge, why
  std::string fail;               // set: failed, why
  bool free = false;              // FreeGroup found
  phys::FreeGroupPtr<Policy, Features> group;
  LinkPtr root;                   // the FreeGroup's root link
  std::string rootName;
  std::vector<double> heights;    // root z from the last quarter on
  std::vector<double> finalHeights;  // those of the judged steps
  bool restless = false;          // not at rest in the judged steps
  long settledAt = 0;             // at rest by this later step
  std::string lateFail;           // what went wrong in the later steps
  double comLow = std::numeric_limits<double>::infinity();
};

std::string Fmt(double _v)
{
  char b[64];
  std::snprintf(b, sizeof b, "%.6g", _v);
  return b;
}

// Debian builds the DART plugin with ign-common's profiler, Remotery, which
// starts a TCP server (port 17815) for a remote viewer on the first
// profiled call, on every interface.  Before that call, set its
// limit_connections_to_localhost: it then listens on 127.0.0.1 only.  The
// settings start {rmtU16 port; rmtBool reuse_open_port; rmtBool
// limit_connections_to_localhost; ...} (Remotery.h, rmtBool an unsigned
// int); _rmt_Settings() fills in the defaults on its first call only, and
// ign-common's profiler leaves that field alone.
void LoopbackProfiler()
{
  void *lib = dlopen("libignition-common4-profiler.so.4",
                     RTLD_NOW | RTLD_NOLOAD);
  if (!lib)
    return;
  using SettingsFn = void *(*)();
  auto fn = reinterpret_cast<SettingsFn>(dlsym(lib, "_rmt_Settings"));
  if (fn)
  {
    struct Head
    {
      uint16_t port;
      unsigned int reuseOpenPort;
      unsigned int limitConnectionsToLocalhost;
    };
    if (auto *head = static_cast<Head *>(fn()))
      head->limitConnectionsToLocalhost = 1;
  }
  dlclose(lib);
}

int Usage()
{
  std::cerr << "usage: physics_step [--engine PLUGIN.so] [--steps N] "
               "[--keep-poses] [--settle M] [--trace K] [--placement] "
               "WORLD.sdf\n";
  return 3;
}

}  // namespace

int main(int argc, char **argv)
{
  std::string enginePath;
  std::string worldFile;
  long steps = 2000;
  bool keepPoses = false;
  bool placementOnly = false;
  long trace = 0;
  long settle = 10000;
  for (int i = 1; i < argc; ++i)
  {
    const std::string a = argv[i];
    if (a == "--engine" && i + 1 < argc)
      enginePath = argv[++i];
    else if (a == "--steps" && i + 1 < argc)
      steps = std::strtol(argv[++i], nullptr, 10);
    else if (a == "--settle" && i + 1 < argc)
      settle = std::strtol(argv[++i], nullptr, 10);
    else if (a == "--trace" && i + 1 < argc)
      trace = std::strtol(argv[++i], nullptr, 10);
    else if (a == "--keep-poses")
      keepPoses = true;
    else if (a == "--placement")
      placementOnly = true;
    else if (!a.empty() && a[0] == '-')
      return Usage();
    else if (worldFile.empty())
      worldFile = a;
    else
      return Usage();
  }
  if (worldFile.empty() || steps < 4)
    return Usage();
  ignition::common::Console::SetVerbosity(1);  // errors only

  // 1. The engine, as Physics::Configure loads it.
  if (enginePath.empty())
  {
    const std::filesystem::path dir(IGNITION_PHYSICS_ENGINE_INSTALL_DIR);
    for (const char *n : {"libignition-physics5-dartsim-plugin.so",
                          "libignition-physics5-dartsim-plugin.so.5",
                          "libignition-physics-dartsim-plugin.so"})
    {
      std::error_code ec;
      if (std::filesystem::exists(dir / n, ec))
      {
        enginePath = (dir / n).string();
        break;
      }
    }
    if (enginePath.empty())
    {
      std::cerr << "physics_step: no DART engine plugin in "
                << IGNITION_PHYSICS_ENGINE_INSTALL_DIR << "\n";
      return 3;
    }
  }
  ignition::plugin::Loader loader;
  if (loader.LoadLib(enginePath).empty())
  {
    std::cerr << "physics_step: cannot load " << enginePath << "\n";
    return 3;
  }
  LoopbackProfiler();
  EnginePtr engine;
  for (const auto &cls : loader.PluginsImplementing<
           phys::ForwardStep::Implementation<Policy>>())
  {
    auto plugin = loader.Instantiate(cls);
    if (!plugin)
      continue;
    engine = phys::RequestEngine<Policy, Features>::From(plugin);
    if (engine)
      break;
    std::cerr << "physics_step: " << cls << " lacks:";
    for (const auto &f :
         phys::RequestEngine<Policy, Features>::MissingFeatureNames(plugin))
      std::cerr << " " << f;
    std::cerr << "\n";
  }
  if (!engine)
  {
    std::cerr << "physics_step: no engine with the needed features in "
              << enginePath << "\n";
    return 3;
  }

  // The world file, as gz-sim's Server loads it: any error stops it.
  sdf::Root root;
  const sdf::Errors errors = root.Load(worldFile);
  if (!errors.empty())
  {
    std::string m = errors.front().Message();
    for (auto &ch : m)
      if (ch == '\n')
        ch = ' ';
    std::cout << worldFile << ": cannot judge: the SDFormat loader refuses "
              << "the world (" << errors.size() << " error(s), first: " << m
              << ")\n";
    return 2;
  }
  if (root.WorldCount() < 1)
  {
    std::cout << worldFile << ": cannot judge: no <world> in the file\n";
    return 2;
  }
  const sdf::World *sdfWorld = root.WorldByIndex(0);

  // 2. ConstructWorld: name and gravity only.
  sdf::World w;
  w.SetName(sdfWorld->Name());
  w.SetGravity(sdfWorld->Gravity());
  WorldPtr world = engine->ConstructWorld(w);
  if (!world)
  {
    std::cerr << "physics_step: the engine cannot construct a world\n";
    return 3;
  }

  std::vector<ModelRec> models;
  models.reserve(sdfWorld->ModelCount());
  for (uint64_t mi = 0; mi < sdfWorld->ModelCount(); ++mi)
  {
    const sdf::Model *sm = sdfWorld->ModelByIndex(mi);
    models.emplace_back();
    ModelRec &rec = models.back();
    rec.name = sm->Name();
    rec.isStatic = sm->Static();
    if (sm->ModelCount() > 0)
    {
      rec.cannot = "nested models are not built by this checker";
      continue;
    }
    if (sm->LinkCount() == 0)
    {
      rec.cannot = "the model has no link";
      continue;
    }

    // 3. ConstructModel from an empty model.
    sdf::Model m;
    m.SetName(sm->Name());
    m.SetRawPose(Resolve(sm->SemanticPose()));
    m.SetStatic(sm->Static());
    m.SetSelfCollide(sm->SelfCollide());
    rec.model = world->ConstructModel(m);
    if (!rec.model)
    {
      rec.cannot = "the engine cannot construct the model";
      continue;
    }

    // 4. ConstructLink.
    for (uint64_t li = 0; li < sm->LinkCount() && rec.cannot.empty(); ++li)
    {
      const sdf::Link *sl = sm->LinkByIndex(li);
      sdf::Link l;
      l.SetName(sl->Name());
      l.SetRawPose(Resolve(sl->SemanticPose()));
      l.SetInertial(sl->Inertial());
      // (libsdformat 12.3 has no Link::EnableGravity; Fortress's
      // GravityEnabled component comes from newer ones.)
      LinkPtr lp = rec.model->ConstructLink(l);
      if (!lp)
      {
        rec.cannot = "the engine cannot construct link '" + sl->Name() + "'";
        break;
      }
      rec.links.push_back({sl->Name(), lp,
                           sl->Inertial().MassMatrix().Mass(),
                           sl->Inertial().Pose().Pos()});
    }
    if (!rec.cannot.empty())
      continue;

    // 5. Collisions.
    for (uint64_t li = 0; li < sm->LinkCount(); ++li)
    {
      const sdf::Link *sl = sm->LinkByIndex(li);
      LinkPtr lp = rec.links[li].link;
      for (uint64_t ci = 0; ci < sl->CollisionCount(); ++ci)
      {
        const sdf::Collision *sc = sl->CollisionByIndex(ci);
        ++rec.collisions;
        sdf::Collision c = *sc;
        const math::Pose3d pose = Resolve(sc->SemanticPose());
        c.SetRawPose(pose);
        c.SetPoseRelativeTo("");
        const sdf::Geometry *g = sc->Geom();
        const std::string what =
            sl->Name() + "/" + sc->Name() + " (" + GeomName(*g) + ")";
        if (g->Type() == sdf::GeometryType::MESH)
        {
          const sdf::Mesh *ms = g->MeshShape();
          const std::string path = ms ? MeshPath(*ms) : "";
          const ignition::common::Mesh *mesh = nullptr;
          if (!path.empty())
            mesh = ignition::common::MeshManager::Instance()->Load(path);
          if (!mesh)
          {
            rec.absent.push_back(what + ": mesh file not found: " +
                                 (ms ? ms->Uri() : std::string("?")));
            continue;
          }
          auto shape = lp->AttachMeshShape(
              sc->Name(), *mesh, math::eigen3::convert(pose),
              math::eigen3::convert(ms->Scale()));
          if (!shape)
          {
            rec.absent.push_back(what + ": the engine refuses the mesh");
            continue;
          }
          rec.shapes.push_back({li, g, pose, mesh});
          continue;
        }
        if (g->Type() == sdf::GeometryType::HEIGHTMAP)
        {
          rec.absent.push_back(what + ": not built by this checker");
          continue;
        }
        auto shape = lp->ConstructCollision(c);
        if (!shape)
        {
          rec.absent.push_back(what + ": the engine cannot build it");
          continue;
        }
        rec.shapes.push_back({li, g, pose, nullptr});
      }
    }

    // 6. Joints.
    for (uint64_t ji = 0; ji < sm->JointCount(); ++ji)
    {
      const sdf::Joint *sj = sm->JointByIndex(ji);
      sdf::Joint j;
      j.SetName(sj->Name());
      j.SetType(sj->Type());
      j.SetRawPose(Resolve(sj->SemanticPose()));
      j.SetThreadPitch(sj->ThreadPitch());
      // Parent and child resolved to links (a name may be a frame), as
      // SdfEntityCreator does before Physics sees the joint.
      std::string parent, child;
      if (!sj->ResolveParentLink(parent).empty() ||
          !sj->ResolveChildLink(child).empty())
      {
        rec.cannot = "the parent or child of joint '" + sj->Name() +
                     "' does not resolve to a link";
        break;
      }
      j.SetParentLinkName(parent);
      j.SetChildLinkName(child);
      for (unsigned int ai = 0; ai < 2; ++ai)
      {
        const sdf::JointAxis *ax = sj->Axis(ai);
        if (!ax)
          continue;
        sdf::JointAxis a = *ax;
        math::Vector3d xyz;
        if (ax->ResolveXyz(xyz).empty())
        {
          (void)a.SetXyz(xyz);
          a.SetXyzExpressedIn("");
        }
        j.SetAxis(ai, a);
      }
      auto jp = rec.model->ConstructJoint(j);
      if (!jp)
      {
        rec.cannot = "the engine cannot construct joint '" + sj->Name() +
                     "' (" + parent + " -> " + child + ")";
        break;
      }
    }
    if (!rec.cannot.empty())
      continue;

    // Fixed to world or free?
    if (!rec.isStatic)
    {
      rec.group = rec.model->FindFreeGroup();
      rec.free = static_cast<bool>(rec.group);
      if (rec.free)
      {
        rec.root = rec.group->RootLink();
        for (const auto &l : rec.links)
          if (rec.root && l.link->EntityID() == rec.root->EntityID())
            rec.rootName = l.name;
      }
    }
    if (rec.free && rec.shapes.empty())
    {
      rec.cannot = rec.collisions == 0
          ? "it is free (not fixed to world) but has no collision: it "
            "would fall forever"
          : "it is free (not fixed to world) but none of its " +
            std::to_string(rec.collisions) + " collision(s) could be built (" +
            rec.absent.front() + (rec.absent.size() > 1 ? ", ..." : "") + ")";
      continue;
    }

    // Placement on the ground.
    if (rec.free && !keepPoses)
    {
      double low = std::numeric_limits<double>::infinity();
      for (const auto &s : rec.shapes)
      {
        const math::Pose3d X =
            math::eigen3::convert(
                rec.links[s.link].link->FrameDataRelativeToWorld().pose) *
            s.pose;
        const double z = LowestZ(*s.geom, X, s.mesh);
        if (std::isfinite(z))
          low = std::min(low, z);
      }
      if (placementOnly)
      {
        std::printf("%s: lowest collision point at z = %.9g\n",
                    rec.name.c_str(), low);
        continue;
      }
      if (std::isfinite(low) && low != 0.0)
      {
        auto X = rec.group->FrameDataRelativeToWorld().pose;
        X.translation().z() -= low;
        rec.group->SetWorldPose(X);
      }
    }
  }

  if (placementOnly)
  {
    for (const auto &rec : models)
      if (!rec.cannot.empty())
        std::printf("%s: not placed: %s\n", rec.name.c_str(),
                    rec.cannot.c_str());
    return 0;
  }

  // 7. Step.
  phys::ForwardStep::Input input;
  phys::ForwardStep::State state;
  phys::ForwardStep::Output output;
  input.Get<std::chrono::steady_clock::duration>() =
      std::chrono::milliseconds(1);
  const long restFrom = steps - steps / 4;
  const long window = steps - restFrom + 1;
  // One step's look at one model: a failure, or "" (and the heights).
  auto look = [&](ModelRec &rec, long step, bool keep) -> std::string
  {
    double vmax = -1;
    std::string fastest, fail;
    double mz = 0, m = 0;
    for (const auto &l : rec.links)
    {
      const auto fd = l.link->FrameDataRelativeToWorld();
      if (l.mass > 0)
      {
        mz += l.mass * (fd.pose * math::eigen3::convert(l.com)).z();
        m += l.mass;
      }
      const double v = fd.linearVelocity.norm();
      if (v > vmax)
      {
        vmax = v;
        fastest = l.name;
      }
      if (!Finite(math::eigen3::convert(fd.pose)))
      {
        fail = "link '" + l.name + "' pose is not finite at step " +
               std::to_string(step);
        break;
      }
      if (!(v <= kMaxSpeed))
      {
        fail = "link '" + l.name + "' moves at " + Fmt(v) + " m/s at step " +
               std::to_string(step) + " (more than 100 m/s)";
        break;
      }
    }
    if (trace > 0 && step % trace == 0)
    {
      std::cerr << "trace " << rec.name << " step " << step;
      if (rec.root)
        std::cerr << " base z " << Fmt(
            rec.root->FrameDataRelativeToWorld().pose.translation().z());
      std::cerr << " COM z " << Fmt(m > 0 ? mz / m : 0.0)
                << " fastest " << fastest << " " << Fmt(vmax) << " m/s"
                << (fail.empty() ? "" : " FAILED") << "\n";
    }
    if (fail.empty() && rec.free && keep)
    {
      rec.heights.push_back(
          rec.root->FrameDataRelativeToWorld().pose.translation().z());
      if (m > 0 && step <= steps)
        rec.comLow = std::min(rec.comLow, mz / m);
    }
    return fail;
  };
  auto range = [&](const ModelRec &rec) {
    const auto b = rec.heights.end() -
        std::min<long>(window, static_cast<long>(rec.heights.size()));
    const auto [lo, hi] = std::minmax_element(b, rec.heights.end());
    return lo == rec.heights.end() ? 0.0 : *hi - *lo;
  };
  auto judged = [&](const ModelRec &rec) {
    return rec.cannot.empty() && rec.fail.empty() && !rec.isStatic;
  };

  for (long step = 1; step <= steps; ++step)
  {
    world->Step(output, state, input);
    for (auto &rec : models)
    {
      if (!judged(rec))
        continue;
      rec.fail = look(rec, step, step >= restFrom);
      if (!rec.fail.empty())  // now, in case the engine aborts later
        std::cerr << "physics_step: first failure: " << rec.name << ": "
                  << rec.fail << std::endl;
    }
  }
  for (auto &rec : models)
    if (judged(rec) && rec.free)
    {
      rec.finalHeights = rec.heights;
      // (Only with every collision built: otherwise it cannot be judged.)
      rec.restless = range(rec) > kRestTol && rec.absent.empty();
    }

  // Not judged, only said: does a model that did not come to rest settle
  // later (a passive robot still collapsing), or run away?
  for (long step = steps + 1; step <= settle; ++step)
  {
    bool any = false;
    for (auto &rec : models)
      any = any || (judged(rec) && rec.restless && !rec.settledAt &&
                    rec.lateFail.empty());
    if (!any)
      break;
    world->Step(output, state, input);
    for (auto &rec : models)
    {
      if (!judged(rec) || !rec.restless || rec.settledAt ||
          !rec.lateFail.empty())
        continue;
      rec.lateFail = look(rec, step, true);
      if (rec.lateFail.empty() && (step - steps) % window == 0 &&
          range(rec) <= kRestTol)
        rec.settledAt = step;
    }
  }

  // Verdicts.
  int failed = 0, cannot = 0;
  for (auto &rec : models)
  {
    std::ostringstream line;
    line << rec.name << ": ";
    const std::string partial = rec.absent.empty() ? "" :
        " [partial: " + std::to_string(rec.absent.size()) + " of " +
        std::to_string(rec.collisions) + " collision(s) absent, first: " +
        rec.absent.front() + "]";
    if (!rec.cannot.empty())
    {
      line << "cannot judge: " << rec.cannot;
      ++cannot;
    }
    else if (rec.isStatic)
    {
      line << "static: not judged";
    }
    else if (!rec.fail.empty())
    {
      line << "FAIL: " << rec.fail << partial;
      ++failed;
    }
    else if (!rec.free)
    {
      line << "pass: fixed to world; " << rec.links.size()
           << " link(s) finite and under 100 m/s for " << steps << " steps"
           << partial;
    }
    else
    {
      double lo = std::numeric_limits<double>::infinity(), hi = -lo;
      for (double h : rec.finalHeights)
      {
        lo = std::min(lo, h);
        hi = std::max(hi, h);
      }
      const double range = hi - lo;
      const std::string how = "base link '" + rec.rootName +
          "' at height " + Fmt(lo) + ".." + Fmt(hi) + " m, varies " +
          Fmt(range) +
          " m over the last " + std::to_string(rec.finalHeights.size()) +
          " steps";
      if (range <= kRestTol)
        line << "pass: at rest on the ground; " << how << partial;
      else if (!rec.absent.empty())
      {
        line << "cannot judge: not at rest (" << how
             << ") while collisions are absent" << partial;
        ++cannot;
      }
      else
      {
        line << "FAIL: not at rest on the ground; " << how
             << " (more than 1e-4 m)";
        if (rec.settledAt)
          line << "; still moving, it comes to rest by step "
               << rec.settledAt << " (" << Fmt(rec.settledAt / 1000.0)
               << " s): a passive robot still settling";
        else if (!rec.lateFail.empty())
          line << "; later " << rec.lateFail;
        else if (settle > steps)
          line << "; not at rest by step " << settle << " either";
        if (rec.comLow < -0.01)
          line << "; its centre of mass is below the ground: its"
                  " collisions do not surround its mass, so it swings on"
                  " them like a pendulum";
        ++failed;
      }
    }
    std::cout << line.str() << "\n";
  }
  std::cout.flush();
  return failed ? 1 : cannot ? 2 : 0;
}

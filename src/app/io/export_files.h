#pragma once
/// \file
/// File names and folders of the exports: F12's timestamped PNGs and videos, which never
/// overwrite a file, and --frames-dir's numbered frames.

#include <ctime>
#include <optional>
#include <string>

namespace pbd::app {

/// "pbd-cloth-YYYYMMDD-HHMMSS" for the local time `when` (e.g. pbd-cloth-20261130-051502).
std::string timestampStem(const std::tm& when);
/// timestampStem of the local time now.
std::string timestampStemNow();

/// A new, empty file reserved for an export, or why none could be made.
struct ReservedFile {
    std::string path;  ///< DIR/STEM.EXT, or DIR/STEM-2.EXT, STEM-3.EXT, ... (empty on failure)
    std::string error; ///< e.g. "cannot create /ro/pbd-cloth-...png: Read-only file system"
};

/// Creates the first of DIR/STEM.EXT, DIR/STEM-2.EXT, DIR/STEM-3.EXT ... that does not exist
/// yet (atomically: O_CREAT | O_EXCL, so an existing file is never overwritten, even by a
/// concurrent export), empty, and returns its path. `directory` "" or "." is the working
/// directory and is left out of the path. Gives up after kMaxSuffix names.
ReservedFile reserveNewFile(const std::string& directory, const std::string& stem,
                            const std::string& extension);
/// The highest suffix reserveNewFile tries.
inline constexpr int kMaxSuffix = 9999;

/// The name of frame `number` (1 for the first) in --frames-dir: "frame-000001.png"; numbers
/// past 999999 get more digits.
std::string frameFileName(long long number);

/// Where a file for `path` is written before it is complete: ".NAME.part" beside it (hidden,
/// and not named *.png, so that no tool reading the folder takes it for a frame).
std::string partialFileName(const std::string& path);
/// Renames the complete `partial` to `path` (atomically: `path` is never seen half written,
/// also when the app is killed meanwhile). On failure removes `partial` and returns why.
std::optional<std::string> publishFile(const std::string& partial, const std::string& path);

/// Makes `directory` ready for frame files: creates it (and missing parents) when it does not
/// exist, and checks that a file can be created in it. Returns the reason when it cannot
/// ("Not a directory", "Permission denied", ...).
std::optional<std::string> prepareOutputDirectory(const std::string& directory);

/// `path` made absolute against the working directory, for messages that say where a file went.
std::string absolutePath(const std::string& path);

} // namespace pbd::app

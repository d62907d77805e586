// The media library (uploads, listing, resized variants) and member avatars.
export { AVATAR_SIZE, avatars, defaultAvatarJpeg } from "./avatars";
export { type MediaItem, type MediaSite, mediaLibrary, type StorageUsage, storageLimitBytes, urlName } from "./service";

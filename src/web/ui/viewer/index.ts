export { Viewer } from './Viewer.tsx';
export { LazyPicture } from './LazyPicture.tsx';
export { galleryItems, pictureSources, viewerItem, type Slot } from './images.ts';

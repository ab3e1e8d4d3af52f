/** hls.js ships the light build's code without its own types: they are the full build's. */
declare module 'hls.js/light' {
  import Hls from 'hls.js';
  export default Hls;
}

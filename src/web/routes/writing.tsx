import { data } from 'react-router';

// Being built in this session: answers 404 until its page lands.
export function loader() {
  throw data(null, { status: 404 });
}

export default function Page() {
  return null;
}

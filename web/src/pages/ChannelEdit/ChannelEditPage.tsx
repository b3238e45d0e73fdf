import { Navigate, useParams } from 'react-router';

/**
 * /channel/add and /channel/edit/:id: the editor is the channel page's drawer, so these addresses
 * open the list with the drawer open (/channel?add=1, /channel?edit=<id>).
 */
export function ChannelEditPage() {
  const { id } = useParams();
  const target = id && /^\d+$/.test(id) ? `/channel?edit=${id}` : '/channel?add=1';
  return <Navigate to={target} replace />;
}

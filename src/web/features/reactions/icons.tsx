import { Icon } from '../../ui/icons.tsx';

/** Icons of the reactions footer: references into the page's icon sprite (src/web/ui/icons.tsx). */
export const CommentIcon = () => <Icon name="comment" />;
export const ArrowUpIcon = () => <Icon name="up" />;
export const ArrowDownIcon = () => <Icon name="down" />;
export const BookmarkIcon = ({ filled }: { filled: boolean }) => <Icon name="bookmark" filled={filled} />;
export const ShareIcon = () => <Icon name="share" />;
export const EyeIcon = () => <Icon name="eye" />;
export const LinkIcon = () => <Icon name="link" />;
export const RepostIcon = () => <Icon name="repost" />;

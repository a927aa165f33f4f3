import { useLocation } from 'react-router-dom';
import ComingSoon from '../../components/coming-soon-page';
import { MEMBER_PAGE_TITLES } from './member-page-titles';

/**
 * A member page that is linked but not built, titled after its route (forms/messages/member.json). A module of its
 * own, loaded with the page: the titles' words stay out of the area's first chunk.
 */
export default function MemberComingSoonPage() {
  return <ComingSoon title={MEMBER_PAGE_TITLES[useLocation().pathname]} />;
}

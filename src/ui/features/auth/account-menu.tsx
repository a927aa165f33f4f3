import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Divider, IconButton, ListItem, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import LogoutIcon from '@mui/icons-material/Logout';
import { signOut } from './sign-out';
import { SessionEndWarning } from './session-end-warning';
import { useSession } from './session-store';
import { PAGE_TEXTS } from '../../../shared/page-texts';

/**
 * The Account icon of the signed-in app bar: a menu naming the user, with Logout (then /login). With it, in both
 * signed-in areas, the warning before the session ends.
 */
export function AccountMenu() {
  const navigate = useNavigate();
  const { user } = useSession();
  const menuId = useId();
  const buttonId = useId();
  const whoId = useId();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);

  async function logout() {
    setMenuAnchor(null);
    await signOut();
    navigate('/login', { replace: true });
  }

  return (
    <>
      <Tooltip title={PAGE_TEXTS.account}>
        <IconButton
          id={buttonId}
          color="inherit"
          // "Account menu": the sidebar's "Account" section (not built yet) has the bare name.
          aria-label={PAGE_TEXTS.accountMenu}
          aria-haspopup="menu"
          aria-expanded={menuAnchor ? 'true' : undefined}
          aria-controls={menuAnchor ? menuId : undefined}
          onClick={(e) => setMenuAnchor(e.currentTarget)}
        >
          <AccountCircleIcon />
        </IconButton>
      </Tooltip>
      {/* The list is the menu (role="menu"): the button controls it, and it is named after the button. Who is signed
          in is the menu's description, on a line that is not an item (a disabled item was read as a dimmed choice). */}
      <Menu
        anchorEl={menuAnchor}
        open={!!menuAnchor}
        onClose={() => setMenuAnchor(null)}
        slotProps={{ list: { id: menuId, 'aria-labelledby': buttonId, 'aria-describedby': user ? whoId : undefined } }}
      >
        {user && (
          <ListItem component="li" role="none" id={whoId}>
            <ListItemText primary={user.name || user.email} secondary={user.email} sx={{ my: 0 }} />
          </ListItem>
        )}
        {user && <Divider />}
        <MenuItem onClick={logout}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {PAGE_TEXTS.logout}
        </MenuItem>
      </Menu>
      <SessionEndWarning />
    </>
  );
}

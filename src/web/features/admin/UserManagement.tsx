// Admin panel: User Management (spec 001 §2, §4, §8). Admin and Disabled are
// toggles that send the opposite of the current value; nobody toggles their own.
// Searchable and paged once there are more users than one page holds.
import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from '../../lib/toast';
import { ADMIN_USERS_PAGE_SIZE, type AdminUser } from '../../../shared/admin';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { Switch } from '../../components/ui/switch';
import { useAdminUsers, useUpdateDisabled, useUpdateRole } from './queries';

function UserRow({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const role = useUpdateRole();
  const disabled = useUpdateDisabled();
  const name = user.displayName || user.email;

  const toggleAdmin = () =>
    role.mutate(
      { userId: user.userId, role: user.role === 'admin' ? 'user' : 'admin' },
      {
        onSuccess: () => toast.success('User role updated successfully'),
        onError: (e) => toast.error(`Failed to update user role: ${e.message}`),
      },
    );
  const toggleDisabled = () =>
    disabled.mutate(
      { userId: user.userId, isDisabled: !user.isDisabled },
      {
        onSuccess: () => toast.success('User status updated successfully'),
        onError: (e) => toast.error(`Failed to update user status: ${e.message}`),
      },
    );

  return (
    <tr className="border-t border-border" data-testid={`user-row-${user.userId}`}>
      <td className="max-w-[8rem] px-2 py-2 sm:px-3 sm:max-w-none">
        <span className="font-medium break-words">{name}</span>
        {isSelf && <span className="ml-2 text-xs text-muted-foreground">(you)</span>}
        <span className="block truncate text-xs text-muted-foreground sm:hidden">{user.email}</span>
      </td>
      <td className="hidden max-w-[14rem] truncate px-2 py-2 sm:px-3 text-muted-foreground sm:table-cell">
        {user.email}
      </td>
      <td className="px-2 py-2 sm:px-3">
        <Switch
          checked={user.role === 'admin'}
          disabled={isSelf || role.isPending}
          onCheckedChange={toggleAdmin}
          aria-label={`Admin: ${name}`}
        />
      </td>
      <td className="px-2 py-2 sm:px-3">
        <Badge variant={user.noAds ? 'secondary' : 'outline'}>{user.noAds ? 'Yes' : 'No'}</Badge>
      </td>
      <td className="px-2 py-2 sm:px-3">
        <Switch
          checked={user.isDisabled}
          disabled={isSelf || disabled.isPending}
          onCheckedChange={toggleDisabled}
          aria-label={`Disabled: ${name}`}
        />
      </td>
    </tr>
  );
}

export function UserManagement({ selfId }: { selfId: number }) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(text.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [text]);
  const users = useAdminUsers(page, search);
  const pagination = users.data?.pagination;
  const searchable = search !== '' || (pagination?.total ?? 0) > ADMIN_USERS_PAGE_SIZE;

  let body;
  if (users.isPending) {
    body = Array.from({ length: 3 }, (_, i) => (
      <tr key={i}>
        <td colSpan={5} className="px-2 py-2 sm:px-3">
          <Skeleton className="h-6 w-full" />
        </td>
      </tr>
    ));
  } else if (users.isError) {
    body = (
      <tr>
        <td colSpan={5} className="px-3 py-4 text-destructive">
          Failed to load users: {users.error.message || 'Unknown error'}
        </td>
      </tr>
    );
  } else if (users.data.users.length === 0) {
    body = (
      <tr>
        <td colSpan={5} className="px-3 py-4 text-center text-muted-foreground">
          No users found.
        </td>
      </tr>
    );
  } else {
    body = users.data.users.map((u) => (
      <UserRow key={u.userId} user={u} isSelf={u.userId === selfId} />
    ));
  }

  return (
    <Card id="user-management">
      <CardHeader>
        <CardTitle>User Management</CardTitle>
        <CardDescription>Grant admin rights and disable accounts.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {searchable && (
          <div className="relative max-w-sm">
            <Search
              className="pointer-events-none absolute left-2.5 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              type="search"
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder="Search by name or email..."
              aria-label="Search users"
              className="pl-8"
            />
          </div>
        )}
        <div className="overflow-x-auto rounded-md border border-border">
          <table className="w-full text-left text-sm">
            <thead className="bg-muted/50 text-xs uppercase text-muted-foreground">
              <tr>
                <th scope="col" className="px-2 py-2 sm:px-3 font-medium">
                  User
                </th>
                <th scope="col" className="hidden px-2 py-2 sm:px-3 font-medium sm:table-cell">
                  Email
                </th>
                <th scope="col" className="px-2 py-2 sm:px-3 font-medium">
                  Admin
                </th>
                <th scope="col" className="px-2 py-2 sm:px-3 font-medium">
                  No Ads
                </th>
                <th scope="col" className="px-2 py-2 sm:px-3 font-medium">
                  Disabled
                </th>
              </tr>
            </thead>
            <tbody>{body}</tbody>
          </table>
        </div>
        {pagination && pagination.totalPages > 1 && (
          <div className="flex items-center justify-between gap-2 text-sm">
            <span className="text-muted-foreground">
              Page {pagination.page} of {pagination.totalPages} ({pagination.total} users)
            </span>
            <div className="flex gap-2">
              <Button
                size="sm"
                variant="outline"
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
              >
                Previous
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={page >= pagination.totalPages}
                onClick={() => setPage(page + 1)}
              >
                Next
              </Button>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

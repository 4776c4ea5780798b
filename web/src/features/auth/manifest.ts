import { defineFeature } from '../../core/features/manifest';

/** Login and the password pages: the only routes open without a session. */
export const authFeature = defineFeature({
  name: 'auth',
  routes: [
    { path: '/auth/login', title: 'route.auth.login', group: 'auth', access: 'guest', screen: () => import('./login/LoginPage') },
    { path: '/auth/forget-password', title: 'route.auth.forgetPassword', group: 'auth', access: 'public', screen: () => import('./forgetPassword/ForgetPasswordPage') },
    {
      path: '/auth/password-resetting',
      title: 'route.auth.passwordResetting',
      group: 'auth',
      access: 'public',
      screen: () => import('./passwordResetting/PasswordResettingPage'),
    },
  ],
});

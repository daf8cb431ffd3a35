// The accounts domain's public face (sign-up and sign-in, profile, admin user management, withdrawal); it may import only users, tags, files, learning, exams, studies, results, links, mail (through their index.ts). docs/architecture.md §1.6.
export { authStatus, changePassword, login, logout, register } from './auth.js';
export { sendEmailVerification, verifyEmail } from './email-verification.js';
export { googleConfig, googleSignIn } from './google-sign-in.js';
export { changeLanguage, deleteMyAccount, getProfile, updateProfile, updateRetentionSettings } from './profile.js';
export { createUser, deleteUserByAdmin, listUsers, searchUsers, updateUserByAdmin } from './user-admin.js';
export { cleanEmail } from './validation.js';
export { removeExpiredExports } from './export-jobs.js';
